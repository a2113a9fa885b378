import { useQuery } from '@tanstack/react-query';
import { adminActions, adminAgentsQueryOptions } from '../api/adminApi.ts';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Agents: hide one from scheduling, or restore it. */
export function AgentsAdmin() {
  const agents = useQuery(adminAgentsQueryOptions());
  const setHidden = useAdminAction(adminActions.setHidden, 'Agent updated');
  const rows = agents.data?.items.length;
  return (
    <section aria-labelledby="admin-agents">
      <h2 id="admin-agents" className="section-title">
        Agents
      </h2>
      <AdminListState
        query={agents}
        rows={rows}
        loading="Loading agents…"
        failed="The agents could not be loaded."
        empty="No agents yet."
      />
      {rows ? (
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">Agent</th>
              <th scope="col">Owner</th>
              <th scope="col">Status</th>
              <th scope="col">Rating</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {agents.data?.items.map((agent) => (
              <tr key={agent.id}>
                <td>{agent.name}</td>
                <td>{agent.ownerNickname ?? 'Built-in'}</td>
                <td>{agent.status}</td>
                <td>{agent.rating}</td>
                <td>
                  {agent.status === 'retired' ? null : (
                    <button
                      type="button"
                      className="button"
                      onClick={() => setHidden.mutate([agent.id, agent.status === 'active'])}
                    >
                      {agent.status === 'active' ? 'Hide' : 'Restore'}
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
