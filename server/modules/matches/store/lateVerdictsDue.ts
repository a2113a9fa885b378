import type { GameId } from '#core/games/gameIds.ts';
import { exactVerdictDueLater, LATE_EXACT_NODES } from '#core/games/lateVerdict.ts';
import { gameOf } from '#core/games/registry.ts';
import type { VerdictEvent } from '#core/protocol/matchMoves.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Queryable } from '#server/db/database.ts';

/** A match's moves whose verdict comes after them, as a stream sees them at the match's end. */
export interface LateVerdictsDue {
  /** Plies whose late verdict has not been stored yet, and may still come. */
  awaited: number[];
  /** The late verdicts stored, as `verdict` events (one object per move, shared by every watcher). */
  judged: VerdictEvent[];
}

/**
 * The moves of a match whose verdict is given after the move, and where each stands: a bot's
 * (judged once the bot has its answer, `LateMoveJudge`), and, where `exactLater` (the process
 * judges engines' moves again), an engine's Connect Four move from ply 8 or Othello move from 20
 * empties whose verdict is not exact yet (`exactVerdictDueLater`). A stream waits after the result for those still
 * missing, for a bounded time since a judge may skip one, and sends those stored that it has not
 * carried (one stored just before this read may have its notification still on the way). One
 * match's rows, by match_moves' key; an engine's move is read only in those games, and only here.
 */
export async function lateVerdictsDue(
  db: Queryable,
  matchId: string,
  exactLater: boolean,
): Promise<LateVerdictsDue> {
  const { rows } = await db.query<{
    ply: number;
    verdict: MoveVerdictData | null;
    by_bot: boolean;
    game: GameId;
    moves: string;
  }>(
    `select mm.ply, mm.verdict, b.by_bot, m.game, m.moves
     from match_moves mm
       join matches m on m.id = mm.match_id
       cross join lateral (select exists (select 1 from bots where agent_id = mm.agent_id) as by_bot) b
     where mm.match_id = $1 and (b.by_bot or ($2 and m.game = any($3::text[])))
     order by mm.ply`,
    [matchId, exactLater, Object.keys(LATE_EXACT_NODES)],
  );
  const due: LateVerdictsDue = { awaited: [], judged: [] };
  const first = rows[0];
  if (!first) return due;
  // Every row carries the match's game and moves: decoded once, cut before each move.
  const rules = gameOf(first.game);
  const played = rules.decodeMoves(first.moves);
  for (const { ply, verdict, by_bot } of rows) {
    const at = Number(ply);
    // Within the exact solver's reach after the move: its verdict comes exact, or comes again.
    const exactDue =
      !by_bot && exactVerdictDueLater(first.game, rules.encodeMoves(played.slice(0, at - 1)), null);
    if (!by_bot && !exactDue) continue;
    const final = by_bot ? verdict : verdict?.exact ? verdict : null;
    if (final) due.judged.push({ matchId, ply: at, verdict: final });
    else due.awaited.push(at);
  }
  return due;
}
