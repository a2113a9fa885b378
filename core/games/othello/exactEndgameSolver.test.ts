import { afterEach, expect, it, vi } from 'vitest';

// the exact score of the 10-empties position of random game 3, for the side to move
const SCORE = -4;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

// each case imports the modules afresh: the compiled module (or its absence) is kept per process
async function solverWithout(webAssembly: unknown) {
  vi.resetModules();
  vi.stubGlobal('WebAssembly', webAssembly);
  const { createEndgameSolver } = await import('./exactEndgameSolver.ts');
  const { EndgameSolver } = await import('./endgameSolver.ts');
  const { randomGame } = await import('./testPositions.ts');
  const solver = createEndgameSolver(12);
  const { pLo, pHi, oLo, oHi } = randomGame(3, 10).state;
  return { solver, EndgameSolver, score: solver.solve(pLo, pHi, oLo, oHi) };
}

it('falls back to the TypeScript solver where WebAssembly is missing', async () => {
  const { solver, EndgameSolver, score } = await solverWithout(undefined);
  expect(solver).toBeInstanceOf(EndgameSolver);
  expect(score).toBe(SCORE);
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
  const { solver, EndgameSolver, score } = await solverWithout(refusing);
  expect(solver).toBeInstanceOf(EndgameSolver);
  expect(score).toBe(SCORE);
});

it('uses the WebAssembly solver where it can', async () => {
  const { solver, score } = await solverWithout(WebAssembly);
  const { WasmEndgameSolver } = await import('./wasmEndgameSolver.ts');
  expect(solver).toBeInstanceOf(WasmEndgameSolver);
  expect(score).toBe(SCORE);
});
