import { useQuery } from '@tanstack/react-query';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { ledgerHealthQueryOptions } from '#src/features/admin/api/adminApi.ts';
import { AgentsAdmin } from './AgentsAdmin.tsx';
import { BotsAdmin } from './BotsAdmin.tsx';
import { LedgerHealthCard } from './LedgerHealthCard.tsx';
import { MatchesAdmin } from './MatchesAdmin.tsx';
import { QueryFailure } from './QueryFailure.tsx';
import { TournamentsAdmin } from './TournamentsAdmin.tsx';
import { UsersAdmin } from './UsersAdmin.tsx';
import './admin.css';

/**
 * `/admin`: users, matches, tournaments, agents, bots and ledger health. Whether to show the tools is the server's
 * answer to the first admin call; it checks the role again on every other one.
 */
export function AdminPage() {
  const health = useQuery(ledgerHealthQueryOptions());
  if (health.isPending) return <LoadingStatus>Loading…</LoadingStatus>;
  // A failed first call says nothing about the role: show the failure, not "Admins only".
  if (health.isError && health.data === undefined) {
    return (
      <section className="page admin-page">
        <h1>Admin</h1>
        <QueryFailure
          failed="The admin tools could not be loaded."
          error={health.error}
          retry={health.refetch}
        />
      </section>
    );
  }
  if (!health.data) {
    return (
      <section className="page">
        <h1>Admin</h1>
        <div className="empty-state" role="status">
          <h2>Admins only</h2>
          <p>This area is for Gridmind administrators.</p>
        </div>
      </section>
    );
  }
  return (
    <section className="page admin-page" aria-labelledby="admin-title">
      <h1 id="admin-title">Admin</h1>
      <LedgerHealthCard health={health.data} />
      <UsersAdmin />
      <MatchesAdmin />
      <TournamentsAdmin />
      <AgentsAdmin />
      <BotsAdmin />
    </section>
  );
}
