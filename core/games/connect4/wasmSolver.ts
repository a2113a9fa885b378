import { ValidationError } from '#core/errors.ts';
import { wasmModule } from '#core/games/wasmModule.ts';
import { WasmSearch, type WasmSearchExports } from '#core/games/wasmSearch.ts';
import type { ExactSolver } from './exactSolver.ts';
import type { Connect4Position } from './position.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { SOLVER_WASM_BASE64 } from './wasm/solverWasm.ts';

/** What the compiled module exports (wasm/assembly/solver.ts). */
interface SolverExports extends WasmSearchExports {
  solve(cl: number, ch: number, ml: number, mh: number, nb: number, weak: number): number;
  isAtMost(cl: number, ch: number, ml: number, mh: number, nb: number, score: number): number;
}

const solverModule = wasmModule<SolverExports>(SOLVER_WASM_BASE64);

/** Whether this runtime can run the WebAssembly solver (compiles it on first call). */
export function webAssemblyAvailable(): boolean {
  return solverModule.available();
}

/**
 * The exact solver of `solver.ts` compiled to WebAssembly from our AssemblyScript port: the same
 * search node for node on 64-bit boards, 1.5–1.9 times as fast (docs/ENGINE.md). Each instance owns
 * its memory: the table (4 bytes a slot from 2^24 slots, 8 below) and the move lists.
 */
export class WasmSolver extends WasmSearch<SolverExports> implements ExactSolver {
  /** `log2TableSize` 17..28, as `Solver`'s: 24 takes 64 MB, 21 takes 16 MB. */
  constructor(options: { log2TableSize?: number } = {}) {
    const log2Size = options.log2TableSize ?? 24;
    if (!Number.isInteger(log2Size) || log2Size < 17 || log2Size > 28) {
      throw new RangeError('log2Size must be an integer from 17 to 28');
    }
    super(solverModule, log2Size, (message) => new SearchAborted(message));
  }

  solve(
    position: Connect4Position,
    options: { weak?: boolean; budget?: SearchBudget } = {},
  ): number {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to solve.');
    }
    const { currentLo, currentHi, maskLo, maskHi, nbMoves } = position;
    const weak = options.weak ? 1 : 0;
    return this.within(options.budget, () =>
      this.wasm.solve(currentLo, currentHi, maskLo, maskHi, nbMoves, weak),
    );
  }

  isAtMost(
    position: Connect4Position,
    score: number,
    options: { budget?: SearchBudget } = {},
  ): boolean {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to test.');
    }
    const { currentLo, currentHi, maskLo, maskHi, nbMoves } = position;
    const atMost = this.within(options.budget, () =>
      this.wasm.isAtMost(currentLo, currentHi, maskLo, maskHi, nbMoves, score),
    );
    return atMost === 1;
  }
}
