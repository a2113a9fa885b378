import {
  type ExactValue,
  type ExactVerdict,
  gradeOf,
  type JudgeOptions,
  resultOf,
} from '#core/games/verdict.ts';
import { discCounts, legalMoves, legalSquares, playSquare, stateOfMoves } from './position.ts';
import { SearchAborted } from './searchBudget.ts';
import { sharedSolver, solveRoot } from './solveRoot.ts';
import { PASS, squareIndex, squareName } from './squares.ts';

// From this many empty squares on the endgame solver is exact within the budget below in
// practice (docs/FIGURES.md); before, the verdict is left absent.
export const OTHELLO_VERDICT_EMPTIES = 20;
// Positions one verdict may visit: docs/FIGURES.md measures what it costs in time.
export const OTHELLO_VERDICT_NODES = 8_000_000;

function exactValue(margin: number): ExactValue {
  return { result: resultOf(margin), by: Math.abs(margin) };
}

/**
 * The exact verdict on playing `move` after `moves`, on the final disc margin, from
 * `OTHELLO_VERDICT_EMPTIES` empties within `OTHELLO_VERDICT_NODES`; null before, past the
 * budget, when the game is over or the move is not legal.
 */
export function judgeOthello(
  moves: readonly string[],
  move: string,
  options: JudgeOptions,
): ExactVerdict | null {
  const state = stateOfMoves(moves);
  const { mover, other } = discCounts(state);
  const legal = legalMoves(state);
  if (64 - mover - other > OTHELLO_VERDICT_EMPTIES || !legal.includes(move)) return null;
  const solver = sharedSolver();
  const budget = { ...options, maxNodes: options.exactNodes ?? OTHELLO_VERDICT_NODES };
  try {
    if (move === PASS) {
      // the only move there is: the position's value is the opponent's, negated
      const child = playSquare(state, -1);
      const margin = -solver.solve(child.pLo, child.pHi, child.oLo, child.oHi, -64, 64, budget);
      return {
        grade: 'best',
        exact: true,
        unit: 'discs',
        best: exactValue(margin),
        played: exactValue(margin),
      };
    }
    const squares = legalSquares(state);
    const scores = solveRoot(solver, state, squares, budget);
    const best = Math.max(...scores);
    const playedIndex = squares.indexOf(squareIndex(move));
    let played = scores[playedIndex]!;
    if (played < best) {
      // solveRoot proves only that a worse move is at least one below the best: solve it out
      const child = playSquare(state, squares[playedIndex]!);
      played = -solver.solve(child.pLo, child.pHi, child.oLo, child.oHi, -64, 64, budget) | 0;
    }
    const grade = gradeOf(best, played);
    return {
      grade,
      exact: true,
      unit: 'discs',
      best: exactValue(best),
      played: exactValue(played),
      ...(grade === 'best' ? {} : { better: squareName(squares[scores.indexOf(best)]!) }),
    };
  } catch (error) {
    if (error instanceof SearchAborted) return null;
    throw error;
  }
}
