import { Link, useParams } from 'react-router';
import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** Watching one match. */
export function WatchPage() {
  const { sessionId = '' } = useParams();
  return (
    <PageShell title="Match">
      <EmptyState title="This match is not available">
        <p>
          We could not find match <code>{sessionId}</code>. See what is on in{' '}
          <Link to="/games/sessions">Active Games</Link>.
        </p>
      </EmptyState>
    </PageShell>
  );
}
