import { useQuery } from '@tanstack/react-query';
import type { OwnedBot } from '#core/protocol/bots.ts';
import { adminActions, adminBotsQueryOptions } from '#src/features/admin/api/adminApi.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

/** Bots: suspend one (its token is refused and it gets no matches), or reinstate it. */
export function BotsAdmin() {
  const bots = useQuery(adminBotsQueryOptions());
  const setSuspended = useAdminAction(adminActions.setSuspended, 'Bot updated');
  const rows = bots.data?.items.length;
  const columns: readonly DataTableColumn<OwnedBot>[] = [
    { header: 'Bot', cell: (bot) => <a href={`/agents/${bot.id}`}>{bot.name}</a> },
    { header: 'Status', cell: (bot) => bot.status },
    { header: 'Online', cell: (bot) => (bot.online ? 'Online' : 'Offline') },
    { header: 'Rating', cell: (bot) => bot.rating },
    {
      header: 'Action',
      cell: (bot) =>
        bot.status === 'retired' ? null : (
          <button
            type="button"
            className="button"
            disabled={setSuspended.isPending}
            onClick={() => setSuspended.mutate([bot.id, bot.status === 'active'])}
          >
            {bot.status === 'active' ? 'Suspend' : 'Reinstate'}
          </button>
        ),
    },
  ];
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
      {bots.data && rows ? (
        <DataTable
          caption="Bots"
          columns={columns}
          rows={bots.data.items}
          rowKey={(bot) => bot.id}
          rowTestId="admin-bot"
          empty={null}
        />
      ) : null}
    </section>
  );
}
