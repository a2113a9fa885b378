import type { AdminAgent } from '#core/protocol/adminEconomy.ts';
import type { Queryable } from '#server/db/database.ts';

/** Grants or removes a user's admin role; false for no such user. */
export async function setUserAdmin(
  db: Queryable,
  userId: string,
  isAdmin: boolean,
): Promise<boolean> {
  const { rows } = await db.query<{ id: string }>(
    'update users set is_admin = $2, admin_granted = $2 where id = $1 returning id::text as id',
    [userId, isAdmin],
  );
  return rows.length > 0;
}

/** Every agent, built-in first, then by name, with its owner's nickname and its state. */
export async function listAdminAgents(db: Queryable): Promise<AdminAgent[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    kind: 'builtin' | 'custom' | 'bot';
    owner_nickname: string | null;
    hidden: boolean;
    retired: boolean;
    rating: number;
  }>(
    `select a.id, a.name, a.kind, u.nickname as owner_nickname, a.hidden,
       a.retired_at is not null as retired, a.rating
     from agents a left join users u on u.id = a.owner_id order by a.kind, lower(a.name)`,
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    ownerNickname: row.owner_nickname,
    status: row.retired ? 'retired' : row.hidden ? 'hidden' : 'active',
    rating: Math.round(row.rating),
  }));
}

/** Hides an agent from the leaderboard and pairing, or shows it again; false for no such agent. */
export async function setAgentHidden(
  db: Queryable,
  agentId: string,
  hidden: boolean,
): Promise<boolean> {
  const { rows } = await db.query('update agents set hidden = $2 where id = $1 returning id', [
    agentId,
    hidden,
  ]);
  return rows.length > 0;
}
