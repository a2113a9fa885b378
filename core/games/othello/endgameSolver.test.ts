import { describe, expect, it } from 'vitest';
import { EndgameSolver } from './endgameSolver.ts';
import { finalScore } from './finalScore.ts';
import { parseObf } from './obf.ts';
import { legalSquares, type OthelloState, playSquare } from './position.ts';
import { randomGame } from './testPositions.ts';

/** Plain negamax over the rules, no pruning: the reference the solver must agree with. */
function minimax(state: OthelloState): number {
  const squares = legalSquares(state);
  if (squares.length === 0) {
    const after = playSquare(state, -1);
    if (legalSquares(after).length > 0) return -minimax(after);
    const empties = 64 - countDiscs(state);
    return finalScore(state.pLo, state.pHi, state.oLo, state.oHi, empties);
  }
  let best = -65;
  for (const square of squares) best = Math.max(best, -minimax(playSquare(state, square)));
  return best | 0;
}

function countDiscs(state: OthelloState): number {
  let n = 0;
  for (const half of [state.pLo, state.pHi, state.oLo, state.oHi]) {
    for (let x = half; x !== 0; x &= x - 1) n++;
  }
  return n;
}

describe('othello endgame solver', () => {
  it('agrees with plain minimax on random positions of up to 8 empties', () => {
    const solver = new EndgameSolver(12);
    for (let seed = 1; seed <= 60; seed++) {
      const { state } = randomGame(seed, 4 + (seed % 5));
      solver.resetTable();
      const { pLo, pHi, oLo, oHi } = state;
      expect(solver.solve(pLo, pHi, oLo, oHi), `seed ${seed}`).toBe(minimax(state));
    }
  });

  it('agrees with minimax through the table and move ordering, 9-10 empties', () => {
    const solver = new EndgameSolver(14);
    for (let seed = 100; seed < 104; seed++) {
      const { state } = randomGame(seed, 9 + (seed % 2));
      solver.resetTable();
      const { pLo, pHi, oLo, oHi } = state;
      expect(solver.solve(pLo, pHi, oLo, oHi), `seed ${seed}`).toBe(minimax(state));
    }
  });

  it('returns bounds that hold outside a narrow window', () => {
    const solver = new EndgameSolver(14);
    const { state } = randomGame(7, 12);
    const { pLo, pHi, oLo, oHi } = state;
    const exact = solver.solve(pLo, pHi, oLo, oHi);
    solver.resetTable();
    const low = solver.solve(pLo, pHi, oLo, oHi, exact, exact + 1);
    expect(low).toBeGreaterThanOrEqual(exact);
    solver.resetTable();
    const high = solver.solve(pLo, pHi, oLo, oHi, exact - 1, exact);
    expect(high).toBeLessThanOrEqual(exact);
  });

  it('finds the published score of FFO #40 (20 empties, black +38) in a window around it', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    const solver = new EndgameSolver(18);
    expect(solver.solve(state.pLo, state.pHi, state.oLo, state.oHi, 37, 39)).toBe(38);
  }, 60_000);
});
