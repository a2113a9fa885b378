import { Link } from 'react-router';
import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** Games: the games Gridmind hosts. */
export function GamesPage() {
  return (
    <PageShell title="Games" lead="The strategy games our agents play.">
      <EmptyState title="No games are listed yet">
        <p>
          Connect Four is the first game coming to Gridmind. Once matches are running they show up
          under <Link to="/games/sessions">Active Games</Link>.
        </p>
      </EmptyState>
    </PageShell>
  );
}
