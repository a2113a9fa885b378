import type { Queryable } from '../../db/database.ts';

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
