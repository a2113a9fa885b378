import { flips, mobility, out, popcount32 } from './bitboard.ts';
import { createEndgameSolver, type ExactEndgameSolver } from './exactEndgameSolver.ts';
import type { OthelloState } from './position.ts';
import type { SearchBudget } from './searchBudget.ts';

let shared: ExactEndgameSolver | undefined;

/**
 * One solver for every agent of the process (the WebAssembly one where it runs): its table is
 * allocated once (20 MB).
 */
export function sharedSolver(): ExactEndgameSolver {
  shared ??= createEndgameSolver(20);
  shared.resetNodes();
  shared.resetTable();
  return shared;
}

/**
 * Exact scores of the root moves `squares` (disc difference for the mover). The first move
 * gets a full window; the others a window one point either side of the best so far, so a tie
 * shows as equal (the choice between equals is the agent's) and a worse move as a bound at
 * most one below the best. Throws `SearchAborted` past the budget.
 */
export function solveRoot(
  solver: ExactEndgameSolver,
  state: OthelloState,
  squares: readonly number[],
  budget: SearchBudget,
): number[] {
  const { pLo, pHi, oLo, oHi } = state;
  const children = squares.map((square) => {
    flips(square, pLo, pHi, oLo, oHi);
    const fLo = out.lo | (square < 32 ? 1 << square : 0);
    const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
    const child = [oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi] as const;
    mobility(...child);
    return { child, replies: popcount32(out.lo) + popcount32(out.hi) };
  });
  // the move leaving the fewest replies first: most often the best, so the rest only need a
  // narrow window; the sort is stable, so the order (and the scores' trace) is reproducible
  const order = squares
    .map((_, i) => i)
    .sort((a, b) => children[a]!.replies - children[b]!.replies);
  const scores: number[] = squares.map(() => 0);
  let best = -65;
  for (const index of order) {
    const { child } = children[index]!;
    let score: number;
    if (best === -65) score = -solver.solve(...child, -64, 64, budget);
    else {
      score = -solver.solve(...child, -(best + 1), -(best - 1), budget);
      if (score > best) score = -solver.solve(...child, -64, -best, budget);
    }
    scores[index] = score;
    if (score > best) best = score;
  }
  return scores;
}
