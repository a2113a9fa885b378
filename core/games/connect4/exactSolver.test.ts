import { afterEach, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

// each case imports the modules afresh: the compiled module (or its absence) is kept per process
async function solverWithout(webAssembly: unknown) {
  vi.resetModules();
  vi.stubGlobal('WebAssembly', webAssembly);
  const { createSolver } = await import('./exactSolver.ts');
  const { Solver } = await import('./solver.ts');
  const { Connect4Position } = await import('./position.ts');
  const solver = createSolver({ log2TableSize: 20 });
  return { solver, Solver, score: solver.solve(Connect4Position.fromMoves('551437327636216')) };
}

it('falls back to the TypeScript solver where WebAssembly is missing', async () => {
  const { solver, Solver, score } = await solverWithout(undefined);
  expect(solver).toBeInstanceOf(Solver);
  expect(score).toBe(-3);
});

it('falls back to the TypeScript solver where compiling WebAssembly is refused', async () => {
  const refusing = {
    ...WebAssembly,
    Module: class {
      constructor() {
        throw new WebAssembly.CompileError('Refused to compile: wasm-unsafe-eval not allowed');
      }
    },
  };
  const { solver, Solver, score } = await solverWithout(refusing);
  expect(solver).toBeInstanceOf(Solver);
  expect(score).toBe(-3);
});

it('uses the WebAssembly solver where it can', async () => {
  const { solver, score } = await solverWithout(WebAssembly);
  const { WasmSolver } = await import('./wasmSolver.ts');
  expect(solver).toBeInstanceOf(WasmSolver);
  expect(score).toBe(-3);
});
