/** How a move compares with the best one, from the strongest to the weakest. */
export const VERDICT_GRADES = ['best', 'good', 'inaccuracy', 'mistake', 'blunder'] as const;

/** @see VERDICT_GRADES */
export type VerdictGrade = (typeof VERDICT_GRADES)[number];

/**
 * What a position is worth with perfect play, for the side that moves: the result and by how
 * much (the verdict's `unit`: plies to the end of the game in Connect Four, the final disc
 * margin in Othello; 0 for a draw).
 */
export interface ExactValue {
  result: 'win' | 'draw' | 'loss';
  by: number;
}

/**
 * The judgement of one move, computed once on the server beside it. Exact where the game is
 * solved at that point (Connect Four from the books or a solve within budget, Othello from 20
 * empties); absent elsewhere for now.
 */
export interface MoveVerdict {
  grade: VerdictGrade;
  /** True when both values come from a solve (every verdict so far). */
  exact: true;
  unit: 'plies' | 'discs';
  /** The position's value with the best move. */
  best: ExactValue;
  /** The value after the move played. */
  played: ExactValue;
  /** A move that keeps the best value, when the move played did not. */
  better?: string;
}

/** Time limits of a judge: a safety stop only; each game's node budget keeps verdicts short. */
export interface JudgeOptions {
  deadline: number;
  now: () => number;
}

/**
 * The grade of a move from exact scores on one scale where more is better for the mover and
 * the sign is the result (positive a win, zero a draw, negative a loss). Keeping the result is
 * never worse than good: a win turned into a draw is a mistake, into a loss a blunder, and a
 * draw into a loss a blunder too.
 */
export function gradeOf(best: number, played: number): VerdictGrade {
  if (played >= best) return 'best';
  const bestSign = Math.sign(best);
  const playedSign = Math.sign(played);
  if (playedSign === bestSign) return 'good';
  if (bestSign > 0 && playedSign === 0) return 'mistake';
  return 'blunder';
}

/** The result a signed score stands for. */
export function resultOf(score: number): ExactValue['result'] {
  return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
}
