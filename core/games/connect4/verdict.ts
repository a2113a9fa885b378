import {
  type ExactValue,
  type ExactVerdict,
  gradeOf,
  type JudgeOptions,
  resultOf,
} from '#core/games/verdict.ts';
import { openingBook } from './agent/perfectPlay.ts';
import { CELLS, COLUMN_ORDER } from './bitboard.ts';
import { createSolver, type ExactSolver } from './exactSolver.ts';
import { Connect4Position } from './position.ts';
import { SearchAborted } from './searchBudget.ts';

// Before this ply a solve rarely finishes within the budget below (the agents' own limit, see
// docs/ENGINE.md): the verdict is left absent there unless the exact book holds the position.
export const CONNECT4_SOLVE_FROM_PLY = 8;
// Nodes one verdict may spend: docs/FIGURES.md measures what it costs in time.
export const CONNECT4_VERDICT_NODES = 6_000_000;

// The verdicts' own solver (a 17 MB table), apart from the agents' so neither clears the other's.
let solver: ExactSolver | undefined;

/**
 * Plies from a position of `stones` stones to the end of the game under a solver score (Pons'
 * scale: 22 minus the winner's stones, positive when the side to move wins).
 */
function exactValue(score: number, stones: number): ExactValue {
  if (score === 0) return { result: 'draw', by: 0 };
  const moverStones = Math.floor(stones / 2);
  const winnerStones = 22 - Math.abs(score);
  const by =
    score > 0 ? 2 * (winnerStones - moverStones) - 1 : 2 * (winnerStones - (stones - moverStones));
  return { result: resultOf(score), by };
}

/** The verdict from exact scores: the best one, the move played's and a column keeping the best. */
function verdictOf(best: number, played: number, bestColumn: number, stones: number): ExactVerdict {
  const grade = gradeOf(best, played);
  return {
    grade,
    exact: true,
    unit: 'plies',
    best: exactValue(best, stones),
    played: exactValue(played, stones),
    ...(grade === 'best' ? {} : { better: String(bestColumn) }),
  };
}

/** The best of the exact book's column scores and its column. */
function bestOf(scores: readonly (number | null)[]): { score: number; column: number } {
  let best = { score: Number.NEGATIVE_INFINITY, column: 0 };
  scores.forEach((score, index) => {
    if (score !== null && score > best.score) best = { score, column: index + 1 };
  });
  return best;
}

/**
 * Solves the position, the move played and, when it fell short, finds a column that keeps the
 * best score by null-window tests (cheap once the table holds the solve), all within
 * `options.exactNodes` (a late verdict's) or else `CONNECT4_VERDICT_NODES`. Throws
 * `SearchAborted` past it.
 */
function solveVerdict(position: Connect4Position, column: number, options: JudgeOptions) {
  solver ??= createSolver({ log2TableSize: 21 });
  solver.resetTable();
  solver.resetNodes();
  const maxNodes = options.exactNodes ?? CONNECT4_VERDICT_NODES;
  const budget = () => ({ ...options, maxNodes: maxNodes - solver!.nodes });
  const best = solver.solve(position, { budget: budget() });
  const scoreOf = (candidate: number, atLeast?: number): number | boolean => {
    if (position.isWinningMove(candidate)) {
      const win = ((CELLS + 1 - position.nbMoves) / 2) | 0;
      return atLeast === undefined ? win : win >= atLeast;
    }
    position.play(candidate);
    try {
      const full = position.outcome().status === 'draw';
      if (atLeast === undefined) return full ? 0 : -solver!.solve(position, { budget: budget() });
      return full ? 0 >= atLeast : solver!.isAtMost(position, -atLeast, { budget: budget() });
    } finally {
      position.undo();
    }
  };
  const played = scoreOf(column) as number;
  let bestColumn = column;
  if (played < best) {
    bestColumn =
      COLUMN_ORDER.find(
        (candidate) =>
          candidate + 1 !== column &&
          position.canPlay(candidate + 1) &&
          scoreOf(candidate + 1, best) === true,
      )! + 1;
  }
  return { best, played, bestColumn };
}

/**
 * The exact verdict on playing `column` after `moves` (the solver literature's digit string):
 * from the exact book when it holds every child, else from the solver from ply 8 within
 * `CONNECT4_VERDICT_NODES` (or a late verdict's `exactNodes`); null when neither reaches or the
 * game is over.
 */
export function judgeConnect4(
  moves: string,
  column: number,
  options: JudgeOptions,
): ExactVerdict | null {
  const position = Connect4Position.fromMoves(moves);
  if (position.outcome().status !== 'ongoing' || !position.canPlay(column)) return null;
  const stones = position.nbMoves;
  const fromBook = openingBook().columnScores(position);
  if (fromBook) {
    const best = bestOf(fromBook);
    return verdictOf(best.score, fromBook[column - 1]!, best.column, stones);
  }
  if (stones < CONNECT4_SOLVE_FROM_PLY) return null;
  try {
    const solved = solveVerdict(position, column, options);
    return verdictOf(solved.best, solved.played, solved.bestColumn, stones);
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  }
}
