import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { compileSolver, renderSolverModule, WASM_SOLVERS } from './compileSolver.ts';

it.each(WASM_SOLVERS.map((solver) => [solver.game, solver] as const))(
  'the committed WebAssembly module of the %s solver is the one its AssemblyScript source compiles to',
  async (_game, solver) => {
    const committed = await readFile(solver.module, 'utf8');
    // if this fails, run `npm run build:wasm` and commit the result
    expect(committed).toBe(renderSolverModule(solver, await compileSolver(solver)));
  },
  60_000,
);
