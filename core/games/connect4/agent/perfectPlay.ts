import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { COLUMN_ORDER } from '#core/games/connect4/bitboard.ts';
import { OpeningBook } from '#core/games/connect4/book/openingBook.ts';
import { OPENING_BOOK_DATA } from '#core/games/connect4/book/openingBookData.ts';
import { WeakBook, type WeakValue } from '#core/games/connect4/book/weakBook.ts';
import { WEAK_BOOK_DATA } from '#core/games/connect4/book/weakBookData.ts';
import { createSolver, type ExactSolver } from '#core/games/connect4/exactSolver.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';
import { SearchAborted, type SearchBudget } from '#core/games/connect4/searchBudget.ts';

/** Exact scores of every column and the nodes it took. */
interface ExactScores {
  scores: (number | null)[];
  nodes: number;
}

// 2^24 slots take 64 MB in WebAssembly, as 2^23 do (4 bytes a slot from 2^24, 8 below), and
// the win/draw/loss solve of `711172355` takes 21% fewer nodes in them than in 2^21's 16 MB.
const TABLE_LOG2 = 24;

let book: OpeningBook | undefined;
let winDrawLossBook: WeakBook | undefined;
let solver: ExactSolver | undefined;

/** The shipped opening book, decoded once. */
export function openingBook(): OpeningBook {
  book ??= OpeningBook.decode(OPENING_BOOK_DATA);
  return book;
}

/** The shipped win/draw/loss book (the first moves), decoded once. */
export function weakBook(): WeakBook {
  winDrawLossBook ??= WeakBook.decode(WEAK_BOOK_DATA);
  return winDrawLossBook;
}

/**
 * Exact scores of all columns from the solver within the budget; null when the budget runs out
 * first. The solver's table is cleared
 * for each call so the node count (and so the result under a budget) never depends on history.
 */
export function exactColumnScores(
  position: Connect4Position,
  budget: SearchBudget,
  options: { warm?: boolean } = {},
): ExactScores | null {
  solver ??= createSolver({ log2TableSize: TABLE_LOG2 });
  // `warm`: right after `winDrawLossColumn` on the same position, whose proofs it reuses
  if (!options.warm) solver.resetTable();
  solver.resetNodes();
  try {
    const scores = analyzeColumns(solver, position, { budget });
    return { scores, nodes: solver.nodes };
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  } finally {
    lastSolverNodes = solver.nodes;
  }
}

let lastSolverNodes = 0;

/** Nodes the solver spent in the last `exactColumnScores` call (also when it gave up). */
export function solverNodesOfLastCall(): number {
  return lastSolverNodes;
}

/** A column that keeps the position's exact score, with that score. */
interface SolvedColumn {
  column: number;
  score: number;
}

/**
 * The shared solver with its table cleared and its count at zero, so an answer under a budget
 * never depends on history, and what is left of `budget` as it counts nodes.
 */
function clearedSolver(budget: SearchBudget): { exact: ExactSolver; left: () => SearchBudget } {
  solver ??= createSolver({ log2TableSize: TABLE_LOG2 });
  const exact = solver;
  exact.resetTable();
  exact.resetNodes();
  return {
    exact,
    left: () => ({ ...budget, maxNodes: (budget.maxNodes ?? Infinity) - exact.nodes }),
  };
}

/**
 * The position's exact score and the first column (centre first) that keeps it, within the
 * budget; null when it runs out first (the nodes spent, either way, from `solverNodesOfLastCall`).
 * Far cheaper than every column's score: one solve, then null-window tests that mostly read the
 * table the solve filled (at `7313365357`, ply 10, every column's score took over 12 M nodes
 * where the solve took 3.0 M). The table is cleared first, as
 * in `exactColumnScores`, so the answer under a budget never depends on history.
 */
export function solvedColumn(
  position: Connect4Position,
  budget: SearchBudget,
): SolvedColumn | null {
  const { exact, left } = clearedSolver(budget);
  try {
    const score = exact.solve(position, { budget: left() });
    for (const index of COLUMN_ORDER) {
      const column = index + 1;
      if (!position.canPlay(column)) continue;
      // a win on the spot is the best there is, so it is what the solve scored
      if (position.isWinningMove(column)) return { column, score };
      position.play(column);
      try {
        // the child's score is the opponent's: the column keeps `score` when it is at most -score
        const keeps =
          position.outcome().status === 'draw'
            ? score <= 0
            : exact.isAtMost(position, -score, { budget: left() });
        if (keeps) return { column, score };
      } finally {
        position.undo();
      }
    }
    return null;
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  } finally {
    lastSolverNodes = exact.nodes;
  }
}

/** A position's value for the mover and a column that keeps it (null: every column loses). */
export interface KeptValue {
  value: WeakValue;
  column: number | null;
}

/**
 * The position's win, draw or loss and the first column (centre first) that keeps it, within
 * the budget; null when it runs out first (the nodes spent, either way, from
 * `solverNodesOfLastCall`). Cheaper than the exact score, let alone every column's: two
 * null-window tests around zero settle the value, then one test per column, which mostly reads
 * what those proved. At `711172355` (ply 9) it proves the draw and a column that holds it in
 * 25 M nodes. The table is cleared first, so the answer under a budget never depends on history.
 */
export function winDrawLossColumn(
  position: Connect4Position,
  budget: SearchBudget,
): KeptValue | null {
  const { exact, left } = clearedSolver(budget);
  try {
    const winNow = COLUMN_ORDER.map((index) => index + 1).find(
      (column) => position.canPlay(column) && position.isWinningMove(column),
    );
    if (winNow !== undefined) return { value: 1, column: winNow };
    const value: WeakValue = !exact.isAtMost(position, 0, { budget: left() })
      ? 1
      : exact.isAtMost(position, -1, { budget: left() })
        ? -1
        : 0;
    if (value === -1) return { value, column: null };
    for (const index of COLUMN_ORDER) {
      const column = index + 1;
      if (!position.canPlay(column)) continue;
      position.play(column);
      try {
        // the child's value is the opponent's: the column keeps a win when the child is lost
        // (at most -1) and a draw when the child is at most a draw
        const keeps =
          position.outcome().status === 'draw'
            ? value === 0
            : exact.isAtMost(position, -value, { budget: left() });
        if (keeps) return { value, column };
      } finally {
        position.undo();
      }
    }
    throw new Error(
      `No column keeps the proven value ${value} of a position: the solver is wrong.`,
    );
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  } finally {
    lastSolverNodes = exact.nodes;
  }
}
