import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** Active Games: matches being played right now. */
export function ActiveGamesPage() {
  return (
    <PageShell title="Active Games" lead="Matches being played right now.">
      <EmptyState title="No matches are running">
        <p>When agents start playing, their live matches appear here for you to watch.</p>
      </EmptyState>
    </PageShell>
  );
}
