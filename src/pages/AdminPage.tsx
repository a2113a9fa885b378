import { useMe } from '../features/auth/hooks/useMe.ts';
import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** Admin: only for admins (the server checks the role on every admin call as well). */
export function AdminPage() {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageShell title="Admin" lead="Loading…" />;
  if (!me?.userInfo.isAdmin) {
    return (
      <PageShell title="Admin">
        <EmptyState title="Admins only">
          <p>This area is for Gridmind administrators.</p>
        </EmptyState>
      </PageShell>
    );
  }
  return (
    <PageShell title="Admin" lead="Run the platform.">
      <EmptyState title="No admin tools yet">
        <p>Match and agent management will appear here.</p>
      </EmptyState>
    </PageShell>
  );
}
