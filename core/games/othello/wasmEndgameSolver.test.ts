import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EndgameSolver } from './endgameSolver.ts';
import { createEndgameSolver, type ExactEndgameSolver } from './exactEndgameSolver.ts';
import { parseObf } from './obf.ts';
import type { OthelloState } from './position.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { randomGame } from './testPositions.ts';
import { WasmEndgameSolver } from './wasmEndgameSolver.ts';

// positions of random games stopped at 4..16 empties: the shallow search alone (to 7), the
// table, the stability cut-off and the evaluation in the ordering (14) all take part
const positions = fc
  .tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 4, max: 16 }))
  .map(([seed, empties]) => randomGame(seed, empties).state);

/** Score, or 'aborted', and the nodes of a solve on a fresh table. */
function fresh(
  solver: ExactEndgameSolver,
  state: OthelloState,
  alpha = -64,
  beta = 64,
  budget?: SearchBudget,
): [number | 'aborted', number] {
  solver.resetTable();
  solver.resetNodes();
  try {
    return [
      solver.solve(state.pLo, state.pHi, state.oLo, state.oHi, alpha, beta, budget),
      solver.nodes,
    ];
  } catch (error) {
    if (!(error instanceof SearchAborted)) throw error;
    return ['aborted', solver.nodes];
  }
}

// The TypeScript solver is the reference for the scores: the WebAssembly one searches another
// tree (its own cut-offs and order), so it must find the same exact score, and in a window the
// same fail-soft answer: a bound on the right side of the window, the exact score inside it.
describe('WasmEndgameSolver', () => {
  const reference = new EndgameSolver(16);
  const wasm = new WasmEndgameSolver(16);

  it('scores like the TypeScript solver, and keeps the fail-soft contract in any window', () => {
    fc.assert(
      fc.property(
        positions,
        fc.integer({ min: -64, max: 63 }),
        fc.integer({ min: 1, max: 20 }),
        (state, alpha, width) => {
          const beta = Math.min(64, alpha + width);
          const [exact] = fresh(reference, state);
          expect(fresh(wasm, state)[0]).toBe(exact);
          const [bound] = fresh(wasm, state, alpha, beta);
          if (typeof bound !== 'number' || typeof exact !== 'number') throw new Error('aborted');
          if (bound <= alpha) expect(exact).toBeLessThanOrEqual(bound);
          else if (bound >= beta) expect(exact).toBeGreaterThanOrEqual(bound);
          else expect(bound).toBe(exact);
          // null windows just under and just over the score: where a wrong cut-off shows
          expect(fresh(wasm, state, exact - 1, exact)[0]).toBe(exact);
          expect(fresh(wasm, state, exact, exact + 1)[0]).toBe(exact);
        },
      ),
      { numRuns: 150, seed: 3 },
    );
  }, 60_000);

  it('stops within 1,024 nodes past the node budget, the same way each time, and solves again afterwards', () => {
    let stops = 0;
    fc.assert(
      fc.property(positions, fc.integer({ min: 1, max: 30_000 }), (state, maxNodes) => {
        const budget = { maxNodes, deadline: Number.POSITIVE_INFINITY, now: () => 0 };
        const [result, nodes] = fresh(wasm, state, -64, 64, budget);
        // the budget is read every 1,024 nodes, and a search under it does not stop
        if (result === 'aborted') {
          stops++;
          expect(nodes).toBeGreaterThan(maxNodes);
          expect(nodes).toBeLessThanOrEqual(maxNodes + 1024);
          expect(nodes % 1024).toBe(0);
        } else expect(nodes).toBeLessThanOrEqual(maxNodes + 1024);
        // reproducible: the agents' play rests on it
        expect(fresh(wasm, state, -64, 64, budget)).toEqual([result, nodes]);
        // a stopped search left nothing half-done in the table
        const { pLo, pHi, oLo, oHi } = state;
        wasm.resetNodes();
        reference.resetTable();
        expect(wasm.solve(pLo, pHi, oLo, oHi)).toBe(reference.solve(pLo, pHi, oLo, oHi));
      }),
      { numRuns: 60, seed: 7 },
    );
    // the property saw budgets that stop the search, not only ones it finished under
    expect(stops).toBeGreaterThan(10);
  }, 60_000);

  it('stops at the deadline of an injected clock, read every 1,024 nodes', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    let reads = 0;
    const result = fresh(wasm, state, -64, 64, {
      maxNodes: Number.POSITIVE_INFINITY,
      deadline: 3,
      now: () => ++reads,
    });
    expect(result).toEqual(['aborted', 4 * 1024]);
    expect(reads).toBe(4);
  });

  it('keeps its table between solves, and a reset empties it', () => {
    fc.assert(
      fc.property(fc.array(positions, { minLength: 2, maxLength: 4 }), (line) => {
        wasm.resetTable();
        for (const { pLo, pHi, oLo, oHi } of line) {
          reference.resetTable();
          expect(wasm.solve(pLo, pHi, oLo, oHi)).toBe(reference.solve(pLo, pHi, oLo, oHi));
        }
      }),
      { numRuns: 30, seed: 11 },
    );
    // a solved position costs one node on a kept table, its full search again after a reset
    const { state } = randomGame(5, 14);
    const [, full] = fresh(wasm, state);
    wasm.resetNodes();
    wasm.solve(state.pLo, state.pHi, state.oLo, state.oHi);
    expect(wasm.nodes).toBe(1);
    expect(fresh(wasm, state)[1]).toBe(full);
  }, 60_000);

  it('is what createEndgameSolver makes, and refuses table sizes out of range', () => {
    expect(createEndgameSolver(12)).toBeInstanceOf(WasmEndgameSolver);
    expect(() => new WasmEndgameSolver(9)).toThrow(RangeError);
    expect(() => new WasmEndgameSolver(20.5)).toThrow(RangeError);
  });

  it('finds the published score of FFO #40 (20 empties, black +38) in the same nodes each time', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    const solver = new WasmEndgameSolver(22);
    expect(solver.solve(state.pLo, state.pHi, state.oLo, state.oHi)).toBe(38);
    // its count on a 2^22 table (bench/othello.bench.ts prints it): a change of search shows
    expect(solver.nodes).toBe(18_844_829);
  }, 60_000);
});
