import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { createSolver } from './exactSolver.ts';
import { Connect4Position } from './position.ts';
import { SearchAborted } from './searchBudget.ts';
import { Solver } from './solver.ts';
import { runningPositions } from './testPositions.ts';
import { WasmSolver } from './wasmSolver.ts';

/** Score and nodes of a solve on a fresh table. */
function fresh(
  solver: Solver | WasmSolver,
  position: Connect4Position,
  weak = false,
): [number, number] {
  solver.resetTable();
  solver.resetNodes();
  return [solver.solve(position, { weak }), solver.nodes];
}

// The TypeScript solver is the reference: the WebAssembly one must make the same search, so the
// same score after the same number of nodes, with either table layout.
describe.each([
  ['one word a slot (2^24)', 24],
  ['two words a slot (2^20)', 20],
])('WasmSolver with %s', (_name, log2TableSize) => {
  const reference = new Solver({ log2TableSize });
  const wasm = new WasmSolver({ log2TableSize });

  it('scores like the TypeScript solver, node for node, strong and weak', () => {
    fc.assert(
      fc.property(runningPositions(14), fc.boolean(), (position, weak) => {
        expect(fresh(wasm, position, weak)).toEqual(fresh(reference, position, weak));
      }),
      { numRuns: 60, seed: 5 },
    );
  }, 60_000);

  it('keeps its table between solves as the reference does, and a reset empties it', () => {
    fc.assert(
      fc.property(fc.array(runningPositions(18), { minLength: 2, maxLength: 4 }), (line) => {
        reference.resetTable();
        wasm.resetTable();
        for (const position of line) {
          reference.resetNodes();
          wasm.resetNodes();
          expect(wasm.solve(position)).toBe(reference.solve(position));
          expect(wasm.nodes).toBe(reference.nodes);
        }
      }),
      { numRuns: 20, seed: 9 },
    );
    // a solved position costs one node on a kept table, its full search again after a reset
    const position = Connect4Position.fromMoves('55563715562423');
    const [, full] = fresh(wasm, position);
    wasm.resetNodes();
    wasm.solve(position);
    expect(wasm.nodes).toBeLessThan(full);
    expect(fresh(wasm, position)[1]).toBe(full);
  }, 60_000);

  it('answers null-window tests like the reference', () => {
    fc.assert(
      fc.property(runningPositions(20), fc.integer({ min: -4, max: 4 }), (position, bound) => {
        reference.resetTable();
        wasm.resetTable();
        reference.resetNodes();
        wasm.resetNodes();
        expect(wasm.isAtMost(position, bound)).toBe(reference.isAtMost(position, bound));
        expect(wasm.nodes).toBe(reference.nodes);
      }),
      { numRuns: 60, seed: 13 },
    );
    // the side to move wins at once with its 4th stone: 22 - 4 = 18
    expect(wasm.isAtMost(Connect4Position.fromMoves('445566'), 17)).toBe(false);
    expect(wasm.isAtMost(Connect4Position.fromMoves('445566'), 18)).toBe(true);
  }, 60_000);
});

describe('WasmSolver', () => {
  const wasm = createSolver({ log2TableSize: 20 });

  it('is what createSolver makes, and counts the reference C++ nodes on a known position', () => {
    expect(wasm).toBeInstanceOf(WasmSolver);
    // Pons' solver with a 2^24-slot table explores 20551 nodes here (20552 with part12's 2^23)
    const big = createSolver({ log2TableSize: 24 });
    expect(big.solve(Connect4Position.fromMoves('55563715562423'))).toBe(0);
    expect(big.nodes).toBe(20551);
  });

  it('refuses finished games and table sizes out of range', () => {
    expect(() => wasm.solve(Connect4Position.fromMoves('1212121'))).toThrow(ValidationError);
    expect(() => wasm.isAtMost(Connect4Position.fromMoves('1212121'), 0)).toThrow(ValidationError);
    expect(() => new WasmSolver({ log2TableSize: 16 })).toThrow(RangeError);
    expect(() => new WasmSolver({ log2TableSize: 24.5 })).toThrow(RangeError);
  });

  it('stops at the node budget where the reference does, and solves again afterwards', () => {
    const position = Connect4Position.fromMoves('55563715562423');
    const reference = new Solver({ log2TableSize: 20 });
    for (const solver of [wasm, reference]) {
      solver.resetTable();
      solver.resetNodes();
      expect(() => solver.solve(position, { budget: { maxNodes: 100 } })).toThrow(
        'Search stopped: node budget spent.',
      );
    }
    expect(wasm.nodes).toBe(reference.nodes);
    expect(() => wasm.isAtMost(position, 0, { budget: { maxNodes: 10 } })).toThrow(SearchAborted);
    // a stopped search left nothing half-done in the table: the next solve is exact
    wasm.resetNodes();
    expect(wasm.solve(position)).toBe(0);
  });

  it('stops at the deadline of an injected clock, read every 4,096 nodes', () => {
    let reads = 0;
    const now = () => ++reads;
    wasm.resetTable();
    wasm.resetNodes();
    expect(() =>
      wasm.solve(Connect4Position.fromMoves('5556371'), { budget: { deadline: 3, now } }),
    ).toThrow('Search stopped: deadline reached.');
    expect(reads).toBe(3);
    expect(wasm.nodes).toBe(3 * 4096);
  });
});
