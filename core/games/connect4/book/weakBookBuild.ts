import { COLUMN_ORDER, WIDTH } from '#core/games/connect4/bitboard.ts';
import type { ExactSolver } from '#core/games/connect4/exactSolver.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import type { WeakBook, WeakBookMove, WeakValue } from './weakBook.ts';

/** Which player the book plays: 0 moves first (even plies), 1 second (odd plies). */
export type BookSeat = 0 | 1;

/** The book's next work: the shallowest ply with positions it lacks, and those positions. */
export interface WeakBookFrontier {
  /** Ply (stones on the board) of the missing positions; -1 when the book is complete. */
  ply: number;
  missing: Connect4Position[];
  /** Positions the book's owner meets at each ply up to the frontier, stored or not. */
  positionsPerPly: Map<number, number>;
}

/**
 * Walks every line the book's owner can meet, following its stored column and every reply of the
 * opponent, up to `toPly`; returns the shallowest ply with positions not stored yet (mirror
 * images and transpositions counted once). Building level by level keeps every stored position
 * reachable: a position's successors are known only once its column is.
 */
export function weakBookFrontier(book: WeakBook, seat: BookSeat, toPly: number): WeakBookFrontier {
  const positionsPerPly = new Map<number, number>();
  let level = seat === 0 ? [new Connect4Position()] : replies(new Connect4Position());
  for (let ply = seat; ply <= toPly; ply += 2) {
    positionsPerPly.set(ply, level.length);
    const missing = level.filter((position) => book.get(position) === undefined);
    if (missing.length > 0) return { ply, missing, positionsPerPly };
    const next = new Map<number, Connect4Position>();
    for (const position of level) {
      const after = position.clone().play(book.get(position)!.column);
      for (const reply of replies(after)) next.set(reply.canonicalKey(), reply);
    }
    level = [...next.values()];
  }
  return { ply: -1, missing: [], positionsPerPly };
}

/**
 * Every position one opponent move away where the game goes on, each in its canonical
 * orientation (the one whose key is the smaller), so mirror images count once and a position is
 * solved the same way whichever line reaches it: centre-first order is not mirror-symmetric
 * (3 before 5), so solving the other orientation could store the other of two good columns.
 */
function replies(position: Connect4Position): Connect4Position[] {
  if (position.outcome().status !== 'ongoing') return [];
  const seen = new Map<number, Connect4Position>();
  for (let column = 1; column <= WIDTH; column++) {
    if (!position.canPlay(column)) continue;
    const child = position.clone().play(column);
    if (child.outcome().status !== 'ongoing') continue;
    seen.set(child.canonicalKey(), child.key() === child.canonicalKey() ? child : child.mirror());
  }
  return [...seen.values()];
}

/**
 * The weak value of `position` (its mover to play) and a column that keeps it: a win at once if
 * there is one, else null-window tests of the children in centre-first order. The first child
 * that loses for the opponent wins; failing that, the first that draws holds the draw; in a lost
 * position `resist` picks the column. The solver's table is kept: siblings share most of their
 * trees.
 */
export function findWeakBookMove(
  solver: ExactSolver,
  position: Connect4Position,
  resist: (position: Connect4Position) => number,
): WeakBookMove {
  for (const index of COLUMN_ORDER) {
    if (position.isWinningMove(index + 1)) return { value: 1, column: index + 1 };
  }
  for (const threshold of [-1, 0] as const) {
    for (const index of COLUMN_ORDER) {
      const column = index + 1;
      if (!position.canPlay(column)) continue;
      const child = position.clone().play(column);
      const childScore = child.outcome().status === 'draw' ? 0 : null;
      const keeps =
        childScore !== null ? childScore <= threshold : solver.isAtMost(child, threshold);
      if (keeps) return { value: (0 - threshold) as WeakValue, column };
    }
  }
  const column = resist(position);
  if (column < 1 || column > WIDTH || !position.canPlay(column)) {
    throw new RangeError(`resist chose column ${column}, which cannot be played.`);
  }
  return { value: -1, column };
}
