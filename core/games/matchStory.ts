import type { ChancesVerdict, ExactValue, ExactVerdict, VerdictGrade } from './verdict.ts';

/** What the story reads of a move: its number and, where it was judged, its verdict. */
export interface JudgedTurn {
  /** 1 for the first move: odd plies are the first player's, even the second's. */
  ply: number;
  verdict?: StoryVerdict | undefined;
}

type StoryVerdict =
  | Pick<ExactVerdict, 'grade' | 'unit' | 'best' | 'played'>
  | Pick<ChancesVerdict, 'grade' | 'unit' | 'best' | 'played'>;

/** One side's accuracy over the moves of its that were judged. */
export interface SideAccuracy {
  /** Its moves with a verdict. */
  judged: number;
  /** Of those, the ones graded best or good: moves that kept the game's value. */
  accurate: number;
  /** Whole percent of `accurate` in `judged`; null when nothing was judged. */
  percent: number | null;
}

/** A move the story points at. */
export interface StoryMove {
  ply: number;
  grade: VerdictGrade;
}

/** The story of a finished match, from its verdicts. */
export interface MatchStory {
  /** The first player's accuracy, then the second's. */
  accuracy: readonly [SideAccuracy, SideAccuracy];
  /**
   * The last move that changed the result with perfect play (a mistake or a blunder), or, where
   * the verdict came from winning chances, took the mover from better than even to worse: from it
   * on, the game's value was the one it ended with. Null when no judged move changed it.
   */
  turningPoint: StoryMove | null;
  /** The worst judged move: the gravest grade, then the most given away. Null when none erred. */
  biggestMistake: StoryMove | null;
}

/** Grades that keep the game's value, which is what accuracy counts (here and in the database). */
export const ACCURATE_GRADES: readonly VerdictGrade[] = ['best', 'good'];
const ACCURATE: ReadonlySet<VerdictGrade> = new Set(ACCURATE_GRADES);

/** How grave each grade is: the order the biggest mistake is chosen in. */
const GRAVITY: Record<VerdictGrade, number> = {
  best: 0,
  good: 0,
  inaccuracy: 1,
  mistake: 2,
  blunder: 3,
};

/**
 * A value on one scale where more is better for the mover. In plies a quicker win and a slower
 * loss are better (the solver's convention); in discs the margin is the score. The largest game
 * lasts far fewer than 1,000 plies, so every win stays above every draw and loss.
 */
function scoreOf(value: ExactValue, unit: ExactVerdict['unit']): number {
  if (value.result === 'draw') return 0;
  const magnitude = unit === 'plies' ? 1000 - value.by : value.by;
  return value.result === 'win' ? magnitude : -magnitude;
}

function accuracyOf(turns: readonly JudgedTurn[], side: 0 | 1): SideAccuracy {
  let judged = 0;
  let accurate = 0;
  for (const turn of turns) {
    if (!turn.verdict || (turn.ply - 1) % 2 !== side) continue;
    judged += 1;
    if (ACCURATE.has(turn.verdict.grade)) accurate += 1;
  }
  return { judged, accurate, percent: judged ? Math.round((100 * accurate) / judged) : null };
}

/**
 * Whether a verdict turned the game, and how much it gave away: in chances points, or, for an
 * exact verdict (a certainty, ranked above any heuristic drop of the same grade), 100 more than
 * its drop on the exact scale.
 */
function weightOf(verdict: StoryVerdict): { turns: boolean; drop: number } {
  if (verdict.unit === 'chances') {
    return {
      turns: verdict.best >= 50 && verdict.played < 50,
      drop: verdict.best - verdict.played,
    };
  }
  return {
    turns: verdict.best.result !== verdict.played.result,
    drop: 100 + scoreOf(verdict.best, verdict.unit) - scoreOf(verdict.played, verdict.unit),
  };
}

/**
 * Reads the story of a match from its moves' verdicts: each side's accuracy, the turning point and
 * the biggest mistake. Moves without a verdict (not judged within budget, or games with no judge
 * yet) count for nothing, so the story speaks only of what was judged.
 */
export function matchStory(turns: readonly JudgedTurn[]): MatchStory {
  let turningPoint: StoryMove | null = null;
  let biggest: (StoryMove & { drop: number }) | null = null;
  for (const { ply, verdict } of turns) {
    if (!verdict || ACCURATE.has(verdict.grade)) continue;
    const { turns, drop } = weightOf(verdict);
    if (turns) turningPoint = { ply, grade: verdict.grade };
    const graver =
      !biggest ||
      GRAVITY[verdict.grade] > GRAVITY[biggest.grade] ||
      (GRAVITY[verdict.grade] === GRAVITY[biggest.grade] && drop > biggest.drop);
    if (graver) biggest = { ply, grade: verdict.grade, drop };
  }
  return {
    accuracy: [accuracyOf(turns, 0), accuracyOf(turns, 1)],
    turningPoint,
    biggestMistake: biggest && { ply: biggest.ply, grade: biggest.grade },
  };
}
