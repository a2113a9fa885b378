import type { VerdictEvent } from '../../../../core/protocol/matchMoves.ts';
import type { MoveVerdictData } from '../../../../core/protocol/moveVerdict.ts';
import type { Queryable } from '../../../db/database.ts';

/** A match's bots' moves as a stream sees them at its end: judged, or their verdict awaited. */
export interface BotMoveVerdicts {
  /** Plies stored without a verdict yet, which may still come late. */
  awaited: number[];
  /** The verdicts stored, as `verdict` events (one object per move, shared by every watcher). */
  judged: VerdictEvent[];
}

/**
 * The verdicts on a match's bots' moves (judged after the bot's answer, `LateMoveJudge`): a
 * stream waits after the result for those still missing, for a bounded time since the judge may
 * have skipped one, and sends those stored that it has not carried (one stored just before this
 * read may have its notification still on the way). One match's rows, by match_moves' key.
 */
export async function botMoveVerdicts(db: Queryable, matchId: string): Promise<BotMoveVerdicts> {
  const { rows } = await db.query<{ ply: number; verdict: MoveVerdictData | null }>(
    `select mm.ply, mm.verdict from match_moves mm
     where mm.match_id = $1 and exists (select 1 from bots b where b.agent_id = mm.agent_id)
     order by mm.ply`,
    [matchId],
  );
  const verdicts: BotMoveVerdicts = { awaited: [], judged: [] };
  for (const { ply, verdict } of rows) {
    if (verdict) verdicts.judged.push({ matchId, ply: Number(ply), verdict });
    else verdicts.awaited.push(Number(ply));
  }
  return verdicts;
}
