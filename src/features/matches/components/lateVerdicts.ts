import { takesVerdictPlace } from '#core/games/verdict.ts';
import type { MatchMove, VerdictEvent } from '#core/protocol/matchMoves.ts';

/**
 * The turns with the verdicts the stream brought after their moves (bots' moves are judged once
 * stored; an engine's Othello move may be judged again, exactly, and a top agent's move by a
 * deeper search): each sets the verdict of its ply where it takes the place of the turn's
 * (takesVerdictPlace: none yet, exact in place of chances, or a deeper chances search).
 * The same turns when there are none, so the move list sees no change.
 */
export function withLateVerdicts<Turn extends Pick<MatchMove, 'ply' | 'verdict'>>(
  turns: Turn[],
  verdicts: ReadonlyMap<number, Pick<VerdictEvent, 'verdict'>>,
): Turn[] {
  if (verdicts.size === 0) return turns;
  return turns.map((turn) => {
    const late = verdicts.get(turn.ply);
    const takes = late && takesVerdictPlace(late.verdict, turn.verdict);
    return takes ? { ...turn, verdict: late.verdict } : turn;
  });
}
