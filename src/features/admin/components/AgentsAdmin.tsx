import { useQuery } from '@tanstack/react-query';
import type { AdminAgent } from '#core/protocol/adminEconomy.ts';
import { adminActions, adminAgentsQueryOptions } from '#src/features/admin/api/adminApi.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Agents: hide one from scheduling, or restore it. */
export function AgentsAdmin() {
  const agents = useQuery(adminAgentsQueryOptions());
  const setHidden = useAdminAction(adminActions.setHidden, 'Agent updated');
  const rows = agents.data?.items.length;
  const columns: readonly DataTableColumn<AdminAgent>[] = [
    { header: 'Agent', cell: (agent) => agent.name },
    { header: 'Owner', cell: (agent) => agent.ownerNickname ?? 'Built-in' },
    { header: 'Status', cell: (agent) => agent.status },
    { header: 'Rating', cell: (agent) => agent.rating },
    {
      header: 'Action',
      cell: (agent) =>
        agent.status === 'retired' ? null : (
          <button
            type="button"
            className="button"
            onClick={() => setHidden.mutate([agent.id, agent.status === 'active'])}
          >
            {agent.status === 'active' ? 'Hide' : 'Restore'}
          </button>
        ),
    },
  ];
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
      {agents.data && rows ? (
        <DataTable
          caption="Agents"
          columns={columns}
          rows={agents.data.items}
          rowKey={(agent) => agent.id}
          empty={null}
        />
      ) : null}
    </section>
  );
}
