import type { Queryable } from '#server/db/database.ts';

/**
 * True when an agent owned by `userId` (a bot or a custom agent) sits in match `matchId`.
 * `userId` is a signed-in user's id (a uuid).
 */
export async function ownAgentPlays(
  db: Queryable,
  userId: string,
  matchId: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `select 1 from matches m join agents a on a.id in (m.first_agent_id, m.second_agent_id)
     where m.id = $1 and a.owner_id = $2::uuid`,
    [matchId, userId],
  );
  return rows.length > 0;
}
