import { ValidationError } from '../../errors.ts';
import type { ExactSolver } from './exactSolver.ts';
import type { Connect4Position } from './position.ts';
import { noClock, SearchAborted, type SearchBudget } from './searchBudget.ts';
import { SOLVER_WASM_BASE64 } from './wasm/solverWasm.ts';

/** What the compiled module exports (wasm/assembly/solver.ts). */
interface SolverExports {
  init(log2Size: number): void;
  reset(): void;
  arm(maxNodes: number, deadline: number): void;
  nodeCount(): number;
  resetNodes(): void;
  stopReason(): number;
  solve(cl: number, ch: number, ml: number, mh: number, nb: number, weak: number): number;
  isAtMost(cl: number, ch: number, ml: number, mh: number, nb: number, score: number): number;
}

// The little of the WebAssembly API this needs, typed here: `core` compiles without the DOM's
// or Node's globals, and both have this same synchronous API (a worker may compile a module of
// any size synchronously; the solver never runs on a page's main thread).
interface WebAssemblyApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (
    module: object,
    imports: Record<string, Record<string, () => number>>,
  ) => { exports: SolverExports };
}
const host = globalThis as unknown as {
  WebAssembly?: WebAssemblyApi;
  atob(text: string): string;
};

// the module, compiled once per process (or worker); null when WebAssembly is missing or refused
let compiled: object | null | undefined;

function compile(): object | null {
  if (compiled === undefined) {
    try {
      const bytes = Uint8Array.from(host.atob(SOLVER_WASM_BASE64), (char) => char.charCodeAt(0));
      compiled = host.WebAssembly ? new host.WebAssembly.Module(bytes) : null;
    } catch {
      // a CompileError from a content policy without 'wasm-unsafe-eval'
      compiled = null;
    }
  }
  return compiled;
}

/** Whether this runtime can run the WebAssembly solver (compiles it on first call). */
export function webAssemblyAvailable(): boolean {
  return compile() !== null;
}

/**
 * The exact solver of `solver.ts` compiled to WebAssembly from our AssemblyScript port: the same
 * search node for node on 64-bit boards, about twice as fast (docs/ENGINE.md). Each instance owns
 * its memory: the table (4 bytes a slot from 2^24 slots, 8 below) and the move lists.
 */
export class WasmSolver implements ExactSolver {
  private readonly wasm: SolverExports;
  private now: () => number = noClock;

  /** `log2TableSize` 17..28, as `Solver`'s: 24 takes 64 MB, 21 takes 16 MB. */
  constructor(options: { log2TableSize?: number } = {}) {
    const log2Size = options.log2TableSize ?? 24;
    if (!Number.isInteger(log2Size) || log2Size < 17 || log2Size > 28) {
      throw new RangeError('log2Size must be an integer from 17 to 28');
    }
    const module = compile();
    if (!host.WebAssembly || !module) throw new Error('WebAssembly is not available here.');
    const instance = new host.WebAssembly.Instance(module, {
      solver: { now: () => this.now() },
    });
    this.wasm = instance.exports;
    this.wasm.init(log2Size);
  }

  /** Nodes explored since the last `resetNodes`. */
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
    position: Connect4Position,
    options: { weak?: boolean; budget?: SearchBudget } = {},
  ): number {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to solve.');
    }
    this.arm(options.budget);
    const { currentLo, currentHi, maskLo, maskHi, nbMoves } = position;
    const weak = options.weak ? 1 : 0;
    const score = this.wasm.solve(currentLo, currentHi, maskLo, maskHi, nbMoves, weak);
    this.throwIfStopped();
    return score;
  }

  isAtMost(
    position: Connect4Position,
    score: number,
    options: { budget?: SearchBudget } = {},
  ): boolean {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to test.');
    }
    this.arm(options.budget);
    const { currentLo, currentHi, maskLo, maskHi, nbMoves } = position;
    const atMost = this.wasm.isAtMost(currentLo, currentHi, maskLo, maskHi, nbMoves, score);
    this.throwIfStopped();
    return atMost === 1;
  }

  private arm(budget: SearchBudget | undefined): void {
    this.now = budget?.now ?? noClock;
    this.wasm.arm(
      budget?.maxNodes ?? Number.POSITIVE_INFINITY,
      budget?.deadline ?? Number.POSITIVE_INFINITY,
    );
  }

  private throwIfStopped(): void {
    const reason = this.wasm.stopReason();
    if (reason === 1) throw new SearchAborted('Search stopped: node budget spent.');
    if (reason === 2) throw new SearchAborted('Search stopped: deadline reached.');
  }
}
