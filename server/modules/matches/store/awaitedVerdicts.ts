import type { Queryable } from '../../../db/database.ts';

/**
 * The plies of a match whose verdict may still come late: bots' moves stored without one (a
 * bot's move is judged after its answer, `LateMoveJudge`). A match's stream waits for them after
 * its result, for a bounded time, since the judge may have skipped one. One match's rows, read
 * through match_moves' primary key.
 */
export async function awaitedVerdictPlies(db: Queryable, matchId: string): Promise<number[]> {
  const { rows } = await db.query<{ ply: number }>(
    `select mm.ply from match_moves mm
     where mm.match_id = $1 and mm.verdict is null
       and exists (select 1 from bots b where b.agent_id = mm.agent_id)`,
    [matchId],
  );
  return rows.map((row) => Number(row.ply));
}
