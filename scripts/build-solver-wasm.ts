/**
 * `npm run build:wasm`: compiles the AssemblyScript solvers and writes the generated modules
 * that carry their bytes. Run it after changing any core/games/<game>/wasm/assembly source.
 */
import { writeFile } from 'node:fs/promises';
import { compileSolver, renderSolverModule, WASM_SOLVERS } from './wasm/compileSolver.ts';

for (const solver of WASM_SOLVERS) {
  const binary = await compileSolver(solver);
  await writeFile(solver.module, renderSolverModule(solver, binary));
  console.log(`${solver.module}: ${binary.length} bytes of WebAssembly`);
}
