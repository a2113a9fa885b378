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
 * empties, checkers endgames the search proves); elsewhere from the drop in winning chances by
 * the judge's own search.
 */
export type MoveVerdict = ExactVerdict | ChancesVerdict;

/** A verdict from solved values: the result with perfect play before and after the move. */
export interface ExactVerdict {
  grade: VerdictGrade;
  exact: true;
  unit: 'plies' | 'discs';
  /** The position's value with the best move. */
  best: ExactValue;
  /** The value after the move played. */
  played: ExactValue;
  /** A move that keeps the best value, when the move played did not. */
  better?: string;
}

/**
 * A verdict from a heuristic search: the mover's winning chances (whole percent, a draw counting
 * half, through the game's fitted curve) with the best move the judge found and with the move
 * played.
 */
export interface ChancesVerdict {
  grade: VerdictGrade;
  exact: false;
  unit: 'chances';
  best: number;
  played: number;
  better?: string;
  /**
   * The depth the judge's search completed for every move (the agents' traces count depth the
   * same way), so a verdict from a deeper search can take this one's place. Absent on verdicts
   * stored before it was recorded.
   */
  depth?: number;
}

/** Drops in winning chances (percentage points) from which a move is graded down, gravest first. */
export const CHANCE_DROPS = { blunder: 30, mistake: 20, inaccuracy: 10 } as const;

/**
 * The grade of a move from the mover's chances with the best move and with the move played
 * (0..100): by the drop, as Lichess grades moves by winning chances; a move the search ranks
 * first is best, one within 10 points good.
 */
export function gradeOfChances(best: number, played: number, playedIsBest: boolean): VerdictGrade {
  const drop = best - played;
  if (drop >= CHANCE_DROPS.blunder) return 'blunder';
  if (drop >= CHANCE_DROPS.mistake) return 'mistake';
  if (drop >= CHANCE_DROPS.inaccuracy) return 'inaccuracy';
  return playedIsBest ? 'best' : 'good';
}

/**
 * The chances verdict from a search's scores of every legal move (the mover's view, in its own
 * units) and `chanceOf`, the game's curve from a score to chances 0..1. `names` are the moves'
 * notations in the order of `scores`; `playedIndex` the one played; `depth` the depth the scores
 * were searched to.
 */
export function chancesVerdict(
  names: readonly string[],
  scores: readonly number[],
  playedIndex: number,
  chanceOf: (score: number) => number,
  depth: number,
): ChancesVerdict {
  let bestIndex = 0;
  for (let i = 1; i < scores.length; i++) if (scores[i]! > scores[bestIndex]!) bestIndex = i;
  const best = Math.round(100 * chanceOf(scores[bestIndex]!));
  const played = Math.round(100 * chanceOf(scores[playedIndex]!));
  const playedIsBest = scores[playedIndex]! >= scores[bestIndex]!;
  const grade = gradeOfChances(best, played, playedIsBest);
  return {
    grade,
    exact: false,
    unit: 'chances',
    best,
    played,
    ...(playedIsBest ? {} : { better: names[bestIndex]! }),
    depth,
  };
}

/**
 * Whether a verdict computed after its move takes the place of the one the move holds: where it
 * holds none; an exact one in place of one from winning chances; and one from chances that
 * searched deeper in place of a shallower one (a verdict without a depth counts as the
 * shallowest). Nothing takes an exact verdict's place. The server's late write applies the same
 * rule in SQL (server/modules/matches/store/lateVerdict.ts); a page applies it to the verdicts
 * its stream brings.
 */
export function takesVerdictPlace(
  late: { exact: boolean; depth?: number | undefined },
  held: { exact: boolean; depth?: number | undefined } | null | undefined,
): boolean {
  if (!held) return true;
  if (held.exact) return false;
  return late.exact || (late.depth ?? 0) > (held.depth ?? 0);
}

/**
 * The least time left (ms) for which a chances verdict is searched at all: a match paced faster
 * than this (a test's or a bench's, 10 ms a move) cannot afford a search beside every move, and
 * its moves beyond the solved ones go unjudged, as before these verdicts. At the default pause
 * (1,500 ms) every move has the time.
 */
export const CHANCES_VERDICT_MIN_MS = 100;

/**
 * Time an exact judge leaves for the chances verdict that follows it when it finds no proof in
 * time. Without it a solve cut by the pause left the move no verdict at all: a checkers ending
 * unproven through its node budget, or a Connect Four solve at ply 10, takes the whole pause.
 */
export const CHANCES_VERDICT_RESERVE_MS = 2 * CHANCES_VERDICT_MIN_MS;

/**
 * A game's verdict on a move: its exact judge's where that proves the move's value in time (which,
 * where the time allows both, stops `CHANCES_VERDICT_RESERVE_MS` early), else its chances judge's.
 */
export function exactElseChances<E, C>(
  options: JudgeOptions,
  exact: (options: JudgeOptions) => E | null,
  chances: (options: JudgeOptions) => C | null,
): E | C | null {
  const left = options.deadline - options.now();
  const exactOptions =
    left >= 2 * CHANCES_VERDICT_RESERVE_MS
      ? { ...options, deadline: options.deadline - CHANCES_VERDICT_RESERVE_MS }
      : options;
  return exact(exactOptions) ?? chances(options);
}

/** Whether a judge with `options` has the time a chances verdict needs. */
export function timeForChances(options: JudgeOptions): boolean {
  return options.deadline - options.now() >= CHANCES_VERDICT_MIN_MS;
}

/** Time limits of a judge: a safety stop only; each game's node budget keeps verdicts short. */
export interface JudgeOptions {
  deadline: number;
  now: () => number;
  /**
   * Positions an exact verdict may visit where more than the game's own budget is given: a verdict
   * computed after its move, off the match's path (core/games/lateVerdict.ts).
   */
  exactNodes?: number;
  /**
   * A chances verdict computed after its move, deeper than the mover searched
   * (core/games/lateVerdict.ts): the positions it may visit, in place of the game's own budget,
   * and the depth at which it stops once that depth is complete.
   */
  chancesNodes?: number;
  chancesDepth?: number;
}

/**
 * Whether a chances judge that has completed `depth` should stop deepening: at the depth asked
 * for, when one is (a deeper search would only spend the late thread's time).
 */
export function chancesDepthReached(options: JudgeOptions, depth: number): boolean {
  return options.chancesDepth !== undefined && depth >= options.chancesDepth;
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
