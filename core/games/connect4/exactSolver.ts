import type { Connect4Position } from './position.ts';
import type { SearchBudget } from './searchBudget.ts';
import { Solver } from './solver.ts';
import { WasmSolver, webAssemblyAvailable } from './wasmSolver.ts';

/**
 * An exact Connect Four solver: `Solver` (TypeScript, the reference) and `WasmSolver` (the same
 * search in WebAssembly) both are one. Scores are positive when the side to move wins.
 */
export interface ExactSolver {
  /** Nodes explored since the last `resetNodes`. */
  readonly nodes: number;
  /** Clears the transposition table (a fresh table for an independent solve). */
  resetTable(): void;
  /** Sets the node counter back to zero. */
  resetNodes(): void;
  /** Exact score (weak: -1, 0 or 1); throws `SearchAborted` past the budget. */
  solve(position: Connect4Position, options?: { weak?: boolean; budget?: SearchBudget }): number;
  /** Whether the exact score is at most `score`. */
  isAtMost(position: Connect4Position, score: number, options?: { budget?: SearchBudget }): boolean;
}

/**
 * The fastest exact solver here: the WebAssembly one (docs/ENGINE.md measures both), or the
 * TypeScript one where WebAssembly is missing or refused (iOS Lockdown Mode turns it off, a
 * stricter page policy than ours refuses to compile it).
 */
export function createSolver(options: { log2TableSize?: number } = {}): ExactSolver {
  return webAssemblyAvailable() ? new WasmSolver(options) : new Solver(options);
}
