import { analyzeColumns } from '../analyzeColumns.ts';
import { OpeningBook } from '../book/openingBook.ts';
import { OPENING_BOOK_DATA } from '../book/openingBookData.ts';
import { WeakBook } from '../book/weakBook.ts';
import { WEAK_BOOK_DATA } from '../book/weakBookData.ts';
import { createSolver, type ExactSolver } from '../exactSolver.ts';
import type { Connect4Position } from '../position.ts';
import { SearchAborted, type SearchBudget } from '../searchBudget.ts';

/** Exact scores of every column and the nodes it took. */
interface ExactScores {
  scores: (number | null)[];
  nodes: number;
}

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
): ExactScores | null {
  solver ??= createSolver({ log2TableSize: 21 });
  solver.resetTable();
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
