import { wasmModule } from '#core/games/wasmModule.ts';
import { WasmSearch, type WasmSearchExports } from '#core/games/wasmSearch.ts';
import type { ExactEndgameSolver } from './exactEndgameSolver.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { SOLVER_WASM_BASE64 } from './wasm/solverWasm.ts';

/** What the compiled module exports (wasm/assembly/solver.ts). */
interface SolverExports extends WasmSearchExports {
  solve(pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number): number;
}

const solverModule = wasmModule<SolverExports>(SOLVER_WASM_BASE64);

/** Whether this runtime can run the WebAssembly solver (compiles it on first call). */
export function webAssemblyAvailable(): boolean {
  return solverModule.available();
}

/**
 * The endgame solver of `endgameSolver.ts` in WebAssembly, from AssemblyScript
 * (wasm/assembly/solver.ts): the same negascout on 64-bit boards with Edax's shallow-search,
 * stability and last-move tricks, so another tree with the same exact scores, several times as
 * fast on FFO #40-#44 (docs/ENGINE.md). Each instance owns its memory: the table (20 bytes an
 * entry), the move lists and 69 KB of stability and flip tables. The module is over 4 KB,
 * which a browser compiles synchronously only off the main thread: there
 * `createEndgameSolver` falls back to the TypeScript solver.
 */
export class WasmEndgameSolver extends WasmSearch<SolverExports> implements ExactEndgameSolver {
  /** A solver with a table of `2^log2TableSize` entries (10..24), as `EndgameSolver`'s. */
  constructor(log2TableSize = 20) {
    if (!Number.isInteger(log2TableSize) || log2TableSize < 10 || log2TableSize > 24) {
      throw new RangeError('log2Size must be an integer from 10 to 24');
    }
    super(solverModule, log2TableSize, (message) => new SearchAborted(message));
  }

  /** The budget's node limit applies to the count since the last `resetNodes`. */
  solve(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha = -64,
    beta = 64,
    budget?: SearchBudget,
  ): number {
    return this.within(budget, () => this.wasm.solve(pLo, pHi, oLo, oHi, alpha, beta));
  }
}
