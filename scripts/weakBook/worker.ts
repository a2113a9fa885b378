/**
 * A weak book worker process (`fork`ed with `--import tsx`; worker threads do not inherit tsx's
 * loader on Node 20): one solver with a large table kept across the positions it is given
 * (siblings share most of their trees), answering `{ moves }` with the position's book move.
 */
import { HeuristicSearch } from '#core/games/connect4/agent/heuristicSearch.ts';
import { COLUMN_ORDER } from '#core/games/connect4/bitboard.ts';
import type { WeakBookMove } from '#core/games/connect4/book/weakBook.ts';
import { findWeakBookMove } from '#core/games/connect4/book/weakBookBuild.ts';
import { createSolver } from '#core/games/connect4/exactSolver.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';

/** What the main thread sends. */
export interface WeakBookTask {
  moves: string;
}

/** What the worker answers: the position's book move, and what it cost. */
export interface WeakBookAnswer extends WeakBookMove {
  moves: string;
  nodes: number;
  milliseconds: number;
}

const RESIST_DEPTH = 8;
const solver = createSolver({ log2TableSize: Number(process.argv[2]) });
const heuristic = new HeuristicSearch('balanced');

/** In a lost position: the column a balanced depth-8 search likes best, ties centre-first. */
function resist(position: Connect4Position): number {
  // an empty budget: no node limit, no deadline
  const scores = heuristic.scoreMoves(position, RESIST_DEPTH, {});
  let best = -1;
  for (const index of COLUMN_ORDER) {
    const score = scores[index];
    if (score === null || score === undefined) continue;
    if (best === -1 || score > scores[best - 1]!) best = index + 1;
  }
  return best;
}

process.on('message', ({ moves }: WeakBookTask) => {
  const started = performance.now();
  solver.resetNodes();
  const { value, column } = findWeakBookMove(solver, Connect4Position.fromMoves(moves), resist);
  const answer: WeakBookAnswer = {
    moves,
    value,
    column,
    nodes: solver.nodes,
    milliseconds: performance.now() - started,
  };
  process.send!(answer);
});
