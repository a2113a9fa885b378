import { OpeningBook } from '../games/connect4/book/openingBook.ts';
import type { Connect4Position } from '../games/connect4/position.ts';
import { type SearchBudget } from '../games/connect4/solver.ts';
/** Exact scores of every column and where they came from. */
export interface ExactScores {
  scores: (number | null)[];
  source: 'book' | 'solver';
  nodes: number;
}
/** The shipped opening book, decoded once. */
export declare function openingBook(): OpeningBook;
/**
 * Exact scores of all columns: from the opening book when it holds every child, else from the
 * solver within the budget. Null when the budget runs out first. The solver's table is cleared
 * for each call so the node count (and so the result under a budget) never depends on history.
 */
export declare function exactColumnScores(
  position: Connect4Position,
  budget: SearchBudget,
): ExactScores | null;
/** Nodes the solver spent in the last `exactColumnScores` call (also when it gave up). */
export declare function solverNodesOfLastCall(): number;
