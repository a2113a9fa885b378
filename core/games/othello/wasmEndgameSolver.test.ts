import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EndgameSolver } from './endgameSolver.ts';
import { createEndgameSolver, type ExactEndgameSolver } from './exactEndgameSolver.ts';
import { parseObf } from './obf.ts';
import type { OthelloState } from './position.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { randomGame } from './testPositions.ts';
import { WasmEndgameSolver } from './wasmEndgameSolver.ts';

// positions of random games stopped at 4..16 empties: the shallow search alone, the table, the
// ETC (8 empties) and the evaluation in the ordering (14) all take part
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

// The TypeScript solver is the reference: the WebAssembly one must make the same search, so the
// same score (or bound) after the same number of nodes.
describe('WasmEndgameSolver', () => {
  const reference = new EndgameSolver(16);
  const wasm = new WasmEndgameSolver(16);

  it('scores like the TypeScript solver, node for node, in any window', () => {
    fc.assert(
      fc.property(
        positions,
        fc.integer({ min: -64, max: 63 }),
        fc.integer({ min: 1, max: 20 }),
        (state, alpha, width) => {
          const beta = Math.min(64, alpha + width);
          expect(fresh(wasm, state, alpha, beta)).toEqual(fresh(reference, state, alpha, beta));
        },
      ),
      { numRuns: 150, seed: 3 },
    );
  }, 60_000);

  it('stops at the node budget where the reference does, and solves again afterwards', () => {
    fc.assert(
      fc.property(positions, fc.integer({ min: 1, max: 30_000 }), (state, maxNodes) => {
        const budget = { maxNodes, deadline: Number.POSITIVE_INFINITY, now: () => 0 };
        expect(fresh(wasm, state, -64, 64, budget)).toEqual(
          fresh(reference, state, -64, 64, budget),
        );
        // a stopped search left nothing half-done in the table
        wasm.resetNodes();
        reference.resetNodes();
        const { pLo, pHi, oLo, oHi } = state;
        expect(wasm.solve(pLo, pHi, oLo, oHi)).toBe(reference.solve(pLo, pHi, oLo, oHi));
        expect(wasm.nodes).toBe(reference.nodes);
      }),
      { numRuns: 60, seed: 7 },
    );
  }, 60_000);

  it('stops at the deadline of an injected clock, read every 1,024 nodes as the reference', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    const reads = [0, 0];
    const results = [wasm, reference].map((solver, i) => {
      const now = () => ++reads[i]!;
      return fresh(solver, state, -64, 64, {
        maxNodes: Number.POSITIVE_INFINITY,
        deadline: 3,
        now,
      });
    });
    expect(results[0]).toEqual(['aborted', 4 * 1024]);
    expect(results[1]).toEqual(results[0]);
    expect(reads).toEqual([4, 4]);
  });

  it('keeps its table between solves as the reference does, and a reset empties it', () => {
    fc.assert(
      fc.property(fc.array(positions, { minLength: 2, maxLength: 4 }), (line) => {
        reference.resetTable();
        wasm.resetTable();
        for (const { pLo, pHi, oLo, oHi } of line) {
          reference.resetNodes();
          wasm.resetNodes();
          expect(wasm.solve(pLo, pHi, oLo, oHi)).toBe(reference.solve(pLo, pHi, oLo, oHi));
          expect(wasm.nodes).toBe(reference.nodes);
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

  it('finds the published score of FFO #40 (20 empties, black +38) with the reference nodes', () => {
    const state = parseObf('O--OOOOX-OOOOOOXOOXXOOOXOOXOOOXXOOOOOOXX---OOOOX----O--X-------- X');
    const solver = new WasmEndgameSolver(22);
    expect(solver.solve(state.pLo, state.pHi, state.oLo, state.oHi)).toBe(38);
    // the TypeScript solver's count on a 2^22 table (bench/othello.bench.ts prints it)
    expect(solver.nodes).toBe(23_340_418);
  }, 60_000);
});
