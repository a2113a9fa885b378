/**
 * `npm run build:wasm`: compiles the AssemblyScript solver and writes the generated module that
 * carries its bytes. Run it after changing core/games/connect4/wasm/assembly/solver.ts.
 */
import { writeFile } from 'node:fs/promises';
import { compileSolver, renderSolverModule, SOLVER_MODULE } from './wasm/compileSolver.ts';

const binary = await compileSolver();
await writeFile(SOLVER_MODULE, renderSolverModule(binary));
console.log(`${SOLVER_MODULE}: ${binary.length} bytes of WebAssembly`);
