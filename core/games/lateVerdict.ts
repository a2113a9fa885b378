import { CONNECT4_SOLVE_FROM_PLY } from './connect4/verdict.ts';
import type { MoveTrace } from './definition.ts';
import type { GameId } from './gameIds.ts';
import { OTHELLO_VERDICT_EMPTIES } from './othello/verdict.ts';

/**
 * Positions a late exact Othello verdict may visit: what the top agent's own solver gets
 * (docs/ENGINE.md), enough for every measured 20-empty root. At the WebAssembly solver's speed
 * that is seconds, which no move's pause affords, so it runs after the move on a thread of its own.
 */
export const OTHELLO_LATE_VERDICT_NODES = 144_000_000;

/**
 * Positions a late exact Connect Four verdict may visit from ply 8: the position's solve, the
 * move's and a better column's, where a move's pause affords a few hundred thousand at a quick
 * pace. `npm run bench -- verdicts` measures agents' moves: most take under a second late; the
 * dearest of 904, `17563211` then 5, needs more than 120 M (11 s at 200 M).
 */
export const CONNECT4_LATE_VERDICT_NODES = 200_000_000;

/** The games judged again exactly after a move, and the positions each such verdict may visit. */
export const LATE_EXACT_NODES = {
  othello: OTHELLO_LATE_VERDICT_NODES,
  connect4: CONNECT4_LATE_VERDICT_NODES,
} as const satisfies Partial<Record<GameId, number>>;

/** A late exact verdict's positions in `game`, or none where no late exact judge runs. */
export function lateExactNodes(game: GameId): number | undefined {
  const nodes: Partial<Record<GameId, number>> = LATE_EXACT_NODES;
  return nodes[game];
}

/** How long a late verdict may take at the most: a safety stop, the node budget comes first. */
export const LATE_VERDICT_BUDGET_MS = 20_000;

/** An encoded Othello move list's passes: `pa`, where a square is a letter and a digit. */
const PASSES = /pa/g;

/**
 * Whether a move is to be judged again, exactly, after it is stored (with LATE_EXACT_NODES),
 * at any pace: where the verdict given with the move (`quick`, within the pause) was not exact,
 * the position's solve having needed more than the pause afforded, in Othello from
 * OTHELLO_VERDICT_EMPTIES empties and in Connect Four from CONNECT4_SOLVE_FROM_PLY. `moves` is
 * the encoded move list before the move, read without replaying the game on the event loop: a
 * Connect Four move is one digit; every Othello move but a pass fills one of the 60 empty squares.
 */
export function exactVerdictDueLater(
  game: GameId,
  moves: string,
  quick: { exact: boolean } | null,
): boolean {
  if (quick?.exact === true) return false;
  if (game === 'connect4') return moves.length >= CONNECT4_SOLVE_FROM_PLY;
  if (game !== 'othello') return false;
  const passes = moves.match(PASSES)?.length ?? 0;
  return 60 - (moves.length / 2 - passes) <= OTHELLO_VERDICT_EMPTIES;
}

/**
 * The most positions a deeper chances verdict may visit: about 10–30 s of one core at the
 * searches' speed, on a thread that runs only on what the agents and the event loop leave.
 */
export const DEEPER_VERDICT_MAX_NODES = 50_000_000;

/**
 * A deeper verdict's budget against the mover's own search: a search one depth deeper costs
 * about the branching factor's worth of the one before, and the judge scores every move.
 */
export const DEEPER_VERDICT_NODES_PER_MOVER_NODE = 8;

/** How long a deeper verdict may take at the most: a safety stop, the node budget comes first. */
export const DEEPER_VERDICT_BUDGET_MS = 60_000;

/** What a deeper chances verdict searches: one depth past the mover, within a node budget. */
export interface DeeperJudgement {
  chancesDepth: number;
  chancesNodes: number;
}

/**
 * Whether a move's chances verdict is to be searched again after the move, deeper than the
 * mover searched: where the verdict given with it (`quick`, within the pause and the game's
 * 40,000 nodes) stopped at or above the mover's depth. The top agents search millions of
 * positions, so their moves were judged by a shallower search than their own; weak agents'
 * moves were not, and are left alone. A move the mover proved (a forced result) needs no more
 * depth, and one with no verdict (a pace too fast for any) gets none later either.
 */
export function deeperVerdictDueLater(
  quick: { exact: boolean; depth?: number | undefined } | null,
  trace: Pick<MoveTrace, 'depth' | 'nodes' | 'proven'>,
): DeeperJudgement | null {
  if (quick === null || quick.exact || trace.proven === true) return null;
  if ((quick.depth ?? 0) > trace.depth) return null;
  return {
    chancesDepth: trace.depth + 1,
    chancesNodes: Math.min(
      DEEPER_VERDICT_MAX_NODES,
      Math.max(1, trace.nodes) * DEEPER_VERDICT_NODES_PER_MOVER_NODE,
    ),
  };
}
