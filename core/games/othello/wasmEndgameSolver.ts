import { wasmModule } from '../wasmModule.ts';
import type { ExactEndgameSolver } from './exactEndgameSolver.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { SOLVER_WASM_BASE64 } from './wasm/solverWasm.ts';

/** What the compiled module exports (wasm/assembly/solver.ts). */
interface SolverExports {
  init(log2Size: number): void;
  reset(): void;
  arm(maxNodes: number, deadline: number): void;
  nodeCount(): number;
  resetNodes(): void;
  stopReason(): number;
  solve(pLo: number, pHi: number, oLo: number, oHi: number, alpha: number, beta: number): number;
}

const solverModule = wasmModule<SolverExports>(SOLVER_WASM_BASE64);

/** Whether this runtime can run the WebAssembly solver (compiles it on first call). */
export function webAssemblyAvailable(): boolean {
  return solverModule.available();
}

const noClock = (): number => 0;

/**
 * The endgame solver of `endgameSolver.ts` compiled to WebAssembly from our AssemblyScript port:
 * the same search node for node on 64-bit boards, about 2.4 times as fast on FFO #40-#44
 * (docs/ENGINE.md). Each instance owns its memory: the table (20 bytes an entry) and the move
 * lists. The module is over 4 KB, which a browser compiles synchronously only off the main
 * thread: there `createEndgameSolver` falls back to the TypeScript solver.
 */
export class WasmEndgameSolver implements ExactEndgameSolver {
  private readonly wasm: SolverExports;
  private now: () => number = noClock;

  /** A solver with a table of `2^log2TableSize` entries (10..24), as `EndgameSolver`'s. */
  constructor(log2TableSize = 20) {
    if (!Number.isInteger(log2TableSize) || log2TableSize < 10 || log2TableSize > 24) {
      throw new RangeError('log2Size must be an integer from 10 to 24');
    }
    this.wasm = solverModule.instantiate({ solver: { now: () => this.now() } });
    this.wasm.init(log2TableSize);
  }

  /** Positions visited since the last `resetNodes`. */
  get nodes(): number {
    return this.wasm.nodeCount();
  }

  resetTable(): void {
    this.wasm.reset();
  }

  resetNodes(): void {
    this.wasm.resetNodes();
  }

  solve(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha = -64,
    beta = 64,
    budget?: SearchBudget,
  ): number {
    this.now = budget?.now ?? noClock;
    this.wasm.arm(
      budget?.maxNodes ?? Number.POSITIVE_INFINITY,
      budget?.deadline ?? Number.POSITIVE_INFINITY,
    );
    const score = this.wasm.solve(pLo, pHi, oLo, oHi, alpha, beta);
    this.now = noClock;
    const reason = this.wasm.stopReason();
    if (reason === 1) throw new SearchAborted('Search stopped: node budget spent.');
    if (reason === 2) throw new SearchAborted('Search stopped: deadline reached.');
    return score;
  }
}
