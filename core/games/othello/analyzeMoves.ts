import type { MoveAnalysisStep, MoveValue } from '#core/games/moveAnalysis.ts';
import { othelloChance } from './chances.ts';
import { STYLE_WEIGHTS } from './evaluation.ts';
import { createEndgameSolver, type ExactEndgameSolver } from './exactEndgameSolver.ts';
import { MidgameSearch } from './midgameSearch.ts';
import { discCounts, legalMoves, legalSquares, playSquare, stateOfMoves } from './position.ts';
import { squareName } from './squares.ts';

/** From this many empties on the browser solves every move exactly, as the verdicts do. */
export const OTHELLO_EXACT_EMPTIES = 20;
/** The deepest midgame search the browser runs before it stops on its own. */
const MAX_DEPTH = 14;
const NO_LIMIT = {
  maxNodes: Number.POSITIVE_INFINITY,
  deadline: Number.POSITIVE_INFINITY,
  now: () => 0,
};

let solver: ExactEndgameSolver | undefined;

/**
 * What perfect play says of every move after `moves`, for the watch page's worker: from 20
 * empties each move solved exactly (the final disc margin, posted as each is known); before,
 * the balanced midgame search deepened one ply at a time, each depth's winning chances posted
 * as it finishes, to depth 14 or until the page stops the worker. Synchronous, like the solve.
 */
export function analyzeOthelloMoves(
  moves: readonly string[],
  post: (step: MoveAnalysisStep) => void,
): void {
  const state = stateOfMoves(moves);
  if (legalMoves(state).length === 0) throw new Error('The game is over here.');
  const squares = legalSquares(state);
  const names = squares.map(squareName);
  if (squares.length === 0) {
    post({
      depth: 0,
      exact: true,
      total: 1,
      values: [{ move: 'pass', kind: 'only' }],
      final: true,
    });
    return;
  }
  const { mover, other } = discCounts(state);
  const empties = 64 - mover - other;
  const { pLo, pHi, oLo, oHi } = state;
  if (empties <= OTHELLO_EXACT_EMPTIES) {
    solver ??= createEndgameSolver(22);
    const values: MoveValue[] = [];
    squares.forEach((square, index) => {
      const child = playSquare(state, square);
      solver!.resetNodes();
      const margin = -solver!.solve(child.pLo, child.pHi, child.oLo, child.oHi, -64, 64, NO_LIMIT);
      values.push({ move: names[index]!, kind: 'margin', value: margin });
      post({
        depth: empties,
        exact: true,
        total: squares.length,
        values: [...values],
        final: index === squares.length - 1,
      });
    });
    return;
  }
  const search = new MidgameSearch(STYLE_WEIGHTS.balanced);
  const last = Math.min(MAX_DEPTH, empties);
  for (let depth = 1; depth <= last; depth++) {
    const scores = search.scoreMoves(pLo, pHi, oLo, oHi, squares, depth, NO_LIMIT);
    const values = scores.map(
      (score, index): MoveValue => ({
        move: names[index]!,
        kind: 'chance',
        value: Math.round(100 * othelloChance(score)),
      }),
    );
    post({ depth, exact: false, total: squares.length, values, final: depth === last });
  }
}
