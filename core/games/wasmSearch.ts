import type { WasmModule } from './wasmModule.ts';

/** What each solver module exports besides its search (see the games' wasm/assembly/solver.ts). */
export interface WasmSearchExports {
  init(log2Size: number): void;
  reset(): void;
  arm(maxNodes: number, deadline: number): void;
  nodeCount(): number;
  resetNodes(): void;
  stopReason(): number;
}

/** A search's limits as both games' budgets give them; what is missing does not limit. */
interface Limits {
  maxNodes?: number;
  deadline?: number;
  now?: () => number;
}

// One shared function: a new closure per search would make the clock's call site polymorphic.
const noClock = (): number => 0;

/**
 * What the WebAssembly solvers share around their searches: an instance with its own memory, the
 * node count and table reset, and a search run under a budget, whose stop is thrown as the
 * game's own `SearchAborted` (made by `stopped`). The host's clock is read through `now`, which
 * the module imports.
 */
export abstract class WasmSearch<Exports extends WasmSearchExports> {
  protected readonly wasm: Exports;
  private now: () => number = noClock;

  protected constructor(
    module: WasmModule<Exports>,
    log2Size: number,
    private readonly stopped: (message: string) => Error,
  ) {
    this.wasm = module.instantiate({ solver: { now: () => this.now() } });
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

  /** Runs `search` under `limits`; throws when the node budget or the deadline stopped it. */
  protected within<T>(limits: Limits | undefined, search: () => T): T {
    this.now = limits?.now ?? noClock;
    this.wasm.arm(
      limits?.maxNodes ?? Number.POSITIVE_INFINITY,
      limits?.deadline ?? Number.POSITIVE_INFINITY,
    );
    const result = search();
    this.now = noClock;
    const reason = this.wasm.stopReason();
    if (reason === 1) throw this.stopped('Search stopped: node budget spent.');
    if (reason === 2) throw this.stopped('Search stopped: deadline reached.');
    return result;
  }
}
