import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { compileSolver, renderSolverModule, SOLVER_MODULE } from './compileSolver.ts';

it('the committed WebAssembly module is the one its AssemblyScript source compiles to', async () => {
  const committed = await readFile(SOLVER_MODULE, 'utf8');
  // if this fails, run `npm run build:wasm` and commit the result
  expect(committed).toBe(renderSolverModule(await compileSolver()));
}, 60_000);
