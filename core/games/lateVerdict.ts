import type { GameId } from './gameIds.ts';
import { discCounts, stateOfMoves } from './othello/position.ts';
import { decodeMoves } from './othello/squares.ts';
import { OTHELLO_VERDICT_EMPTIES } from './othello/verdict.ts';

/**
 * Positions a late exact Othello verdict may visit: what the top agent's own solver gets
 * (docs/ENGINE.md), enough for every measured 20-empty root. At the WebAssembly solver's speed
 * that is seconds, which no move's pause affords, so it runs after the move on a thread of its own.
 */
export const OTHELLO_LATE_VERDICT_NODES = 144_000_000;

/**
 * The least pause between moves at which late verdicts are given. Faster paces are tests' and
 * benches' (production's default is 1,500 ms): their Othello games reach 20 empties many times a
 * minute, and seconds of solving for each would only load the machine their timings run on.
 */
export const LATE_VERDICT_MIN_PACE_MS = 1_000;

/** How long a late verdict may take at the most: a safety stop, the node budget comes first. */
export const LATE_VERDICT_BUDGET_MS = 20_000;

/**
 * The node budget of an exact verdict to give a move after it is stored, or null where none is
 * due: in Othello from OTHELLO_VERDICT_EMPTIES empties, where the verdict given with the move
 * (`quick`, within the pause) was not exact, the position's solve having needed more than its
 * budget. `moves` is the encoded move list before the move.
 */
export function lateExactNodes(
  game: GameId,
  moves: string,
  quick: { exact: boolean } | null,
): number | null {
  if (game !== 'othello' || quick?.exact === true) return null;
  const { mover, other } = discCounts(stateOfMoves(decodeMoves(moves)));
  return 64 - mover - other <= OTHELLO_VERDICT_EMPTIES ? OTHELLO_LATE_VERDICT_NODES : null;
}
