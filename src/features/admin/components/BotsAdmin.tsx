import { useQuery } from '@tanstack/react-query';
import { adminActions, adminBotsQueryOptions } from '../api/adminApi.ts';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Bots: suspend one (its token is refused and it gets no matches), or reinstate it. */
export function BotsAdmin() {
  const bots = useQuery(adminBotsQueryOptions());
  const setSuspended = useAdminAction(adminActions.setSuspended, 'Bot updated');
  const rows = bots.data?.items.length;
  return (
    <section aria-labelledby="admin-bots">
      <h2 id="admin-bots" className="section-title">
        Bots
      </h2>
      <AdminListState
        query={bots}
        rows={rows}
        loading="Loading bots…"
        failed="The bots could not be loaded."
        empty="No bots yet."
      />
      {rows ? (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Bot</th>
              <th scope="col">Status</th>
              <th scope="col">Online</th>
              <th scope="col">Rating</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {bots.data?.items.map((bot) => (
              <tr key={bot.id} data-testid="admin-bot">
                <td>
                  <a href={`/agents/${bot.id}`}>{bot.name}</a>
                </td>
                <td>{bot.status}</td>
                <td>{bot.online ? 'Online' : 'Offline'}</td>
                <td>{bot.rating}</td>
                <td>
                  {bot.status === 'retired' ? null : (
                    <button
                      type="button"
                      className="button"
                      disabled={setSuspended.isPending}
                      onClick={() => setSuspended.mutate([bot.id, bot.status === 'active'])}
                    >
                      {bot.status === 'active' ? 'Suspend' : 'Reinstate'}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
