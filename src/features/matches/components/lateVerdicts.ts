import type { MatchMove, VerdictEvent } from '../../../../core/protocol/matchMoves.ts';

/**
 * The turns with the verdicts the stream brought after their moves (bots' moves are judged once
 * stored): each sets the verdict of its ply where the turn has none yet. The same turns when
 * there are none, so the move list sees no change.
 */
export function withLateVerdicts<Turn extends Pick<MatchMove, 'ply' | 'verdict'>>(
  turns: Turn[],
  verdicts: ReadonlyMap<number, Pick<VerdictEvent, 'verdict'>>,
): Turn[] {
  if (verdicts.size === 0) return turns;
  return turns.map((turn) => {
    const late = verdicts.get(turn.ply);
    return late && !turn.verdict ? { ...turn, verdict: late.verdict } : turn;
  });
}
