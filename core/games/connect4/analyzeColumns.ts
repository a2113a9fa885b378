import { ValidationError } from '#core/errors.ts';
import { CELLS, WIDTH } from './bitboard.ts';
import type { ExactSolver } from './exactSolver.ts';
import type { Connect4Position } from './position.ts';
import type { SearchBudget } from './searchBudget.ts';

/**
 * Score of every column of `position` (index 0 = column 1) from the mover's side, null where it
 * cannot be played. A winning column scores at once; others are minus the solved child. One
 * budget covers all the columns (each child gets what the earlier ones left), and the solver's
 * table is kept between them. `onColumn` hears each column's score as soon as it is known (a
 * watcher's progress). Throws `SearchAborted` past the budget.
 */
export function analyzeColumns(
  solver: ExactSolver,
  position: Connect4Position,
  options: {
    weak?: boolean;
    budget?: SearchBudget;
    onColumn?: (column: number, score: number | null) => void;
  } = {},
): (number | null)[] {
  if (position.outcome().status !== 'ongoing') {
    throw new ValidationError('The game is over: there is nothing to analyze.');
  }
  const weak = options.weak ?? false;
  const budget = options.budget ?? {};
  const maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
  const startNodes = solver.nodes;
  const scores: (number | null)[] = [];
  for (let column = 1; column <= WIDTH; column++) {
    if (!position.canPlay(column)) scores.push(null);
    else if (position.isWinningMove(column)) {
      scores.push(weak ? 1 : ((CELLS + 1 - position.nbMoves) / 2) | 0);
    } else {
      position.play(column);
      try {
        const left = { ...budget, maxNodes: maxNodes - (solver.nodes - startNodes) };
        const full = position.outcome().status === 'draw';
        scores.push(full ? 0 : 0 - solver.solve(position, { weak, budget: left }));
      } finally {
        position.undo();
      }
    }
    options.onColumn?.(column, scores[column - 1] ?? null);
  }
  return scores;
}
