import type { MatchMove, VerdictEvent } from '../../../../core/protocol/matchMoves.ts';

/**
 * The turns with the verdicts the stream brought after their moves (bots' moves are judged once
 * stored; an engine's Othello move may be judged again, exactly): each sets the verdict of its
 * ply where the turn has none yet, or has one from winning chances and the late one is exact.
 * The same turns when there are none, so the move list sees no change.
 */
export function withLateVerdicts<Turn extends Pick<MatchMove, 'ply' | 'verdict'>>(
  turns: Turn[],
  verdicts: ReadonlyMap<number, Pick<VerdictEvent, 'verdict'>>,
): Turn[] {
  if (verdicts.size === 0) return turns;
  return turns.map((turn) => {
    const late = verdicts.get(turn.ply);
    const takes = late && (!turn.verdict || (late.verdict.exact && !turn.verdict.exact));
    return takes ? { ...turn, verdict: late.verdict } : turn;
  });
}
