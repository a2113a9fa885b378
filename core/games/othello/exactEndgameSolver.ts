import { EndgameSolver } from './endgameSolver.ts';
import type { SearchBudget } from './searchBudget.ts';
import { WasmEndgameSolver, webAssemblyAvailable } from './wasmEndgameSolver.ts';

/**
 * An exact Othello endgame solver: `EndgameSolver` (TypeScript, the reference) and
 * `WasmEndgameSolver` (a faster search in WebAssembly, the same scores) both are one. Scores
 * are the final disc difference for the side to move `p`, -64..64.
 */
export interface ExactEndgameSolver {
  /** Positions visited since the last `resetNodes`. */
  readonly nodes: number;
  /** Empties the transposition table (a fresh table for an independent solve). */
  resetTable(): void;
  /** Zeroes the node count. */
  resetNodes(): void;
  /**
   * The exact score (or a bound outside `alpha..beta`); throws `SearchAborted` past the budget,
   * whose node limit applies to the count since the last `resetNodes`.
   */
  solve(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha?: number,
    beta?: number,
    budget?: SearchBudget,
  ): number;
}

/**
 * The fastest exact endgame solver here: the WebAssembly one, or the TypeScript one where
 * WebAssembly is missing or refused (iOS Lockdown Mode turns it off, a stricter page policy
 * than ours refuses to compile it). A table of `2^log2TableSize` entries, 20 bytes each.
 */
export function createEndgameSolver(log2TableSize = 20): ExactEndgameSolver {
  return webAssemblyAvailable()
    ? new WasmEndgameSolver(log2TableSize)
    : new EndgameSolver(log2TableSize);
}
