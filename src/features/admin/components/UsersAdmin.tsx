import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { formatThousands } from '#core/format/balance.ts';
import { type AdminUsersResponse, userSearchProblem } from '#core/protocol/adminUsers.ts';
import { adminActions, adminUsersQueryOptions } from '#src/features/admin/api/adminApi.ts';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';
import { AdminListState } from './AdminListState.tsx';
import { useAdminAction } from './useAdminAction.ts';

type AdminUser = AdminUsersResponse['users'][number];

/** Users: search, make or remove admins, grant or deduct balance with a reason. */
export function UsersAdmin() {
  const [search, setSearch] = useState('');
  // The server's rules, checked before asking: a search too short to narrow anything, or one that
  // reads as an address and is none, says why at once instead of a failed request behind the
  // previous search's rows.
  const searchProblem = userSearchProblem(search.trim());
  const users = useQuery({ ...adminUsersQueryOptions(search), enabled: searchProblem === null });
  const setRole = useAdminAction(adminActions.setRole, 'Role changed');
  const adjust = useAdminAction(adminActions.adjustBalance, 'Balance changed');
  const [target, setTarget] = useState<string | null>(null);
  const rows = searchProblem === null ? users.data?.users.length : undefined;
  const [amount, setAmount] = useState('100');
  const [reason, setReason] = useState('');
  const columns: readonly DataTableColumn<AdminUser>[] = [
    { header: 'Nickname', cell: (user) => user.nickname },
    { header: 'Address', cell: (user) => user.address, className: 'address' },
    { header: 'Balance', cell: (user) => formatThousands(BigInt(user.balance)) },
    { header: 'Role', cell: (user) => (user.isAdmin ? 'Admin' : 'Player') },
    {
      header: 'Actions',
      cell: (user) => (
        <>
          <button
            type="button"
            className="button"
            onClick={() => setRole.mutate([user.userId, !user.isAdmin])}
          >
            {user.isAdmin ? 'Remove admin' : 'Make admin'}
          </button>{' '}
          <button type="button" className="button" onClick={() => setTarget(user.userId)}>
            Grant or deduct
          </button>
        </>
      ),
    },
  ];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (target) adjust.mutate([target, Number(amount), reason]);
  };
  return (
    <section aria-labelledby="admin-users">
      <h2 id="admin-users" className="section-title">
        Users
      </h2>
      <input
        type="search"
        placeholder="Search address or nickname"
        aria-label="Search users"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-invalid={searchProblem !== null}
        aria-describedby={searchProblem === null ? undefined : 'admin-user-search-problem'}
      />
      {searchProblem === null ? (
        <AdminListState
          query={users}
          rows={rows}
          loading="Loading users…"
          failed="The users could not be loaded."
          empty={search.trim() === '' ? 'No users yet.' : `No user matches “${search.trim()}”.`}
        />
      ) : (
        <p role="alert" id="admin-user-search-problem">
          {searchProblem}
        </p>
      )}
      {users.data && rows ? (
        <DataTable
          caption="Users"
          columns={columns}
          rows={users.data.users}
          rowKey={(user) => user.userId}
          empty={null}
          rowTestId="admin-user"
        />
      ) : null}
      {target ? (
        <form className="inline-form" onSubmit={submit} aria-label="Change balance">
          <label>
            Points (negative deducts)
            <input
              type="number"
              step={1}
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
            />
          </label>
          <label>
            Reason
            <input
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              required
              minLength={3}
            />
          </label>
          <button type="submit" className="button" disabled={adjust.isPending}>
            Apply
          </button>
        </form>
      ) : null}
    </section>
  );
}
