import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { movesOfKey } from '#core/games/connect4/movesOfKey.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { WeakBook } from './weakBook.ts';
import { weakBookFrontier } from './weakBookBuild.ts';
import { WEAK_BOOK_DATA } from './weakBookData.ts';

// Every position Oracle can meet with its first 6 stones as first player, 5 as second.
const LAST_PLY = { 0: 10, 1: 9 } as const;

describe('WeakBook', () => {
  it('round-trips through its text form and mirrors the column for mirror images', () => {
    const book = new WeakBook();
    book.set(Connect4Position.fromMoves('12'), { value: 0, column: 3 });
    book.set(Connect4Position.fromMoves('4'), { value: -1, column: 4 });
    const copy = WeakBook.decode(book.encode());
    expect(copy.size).toBe(2);
    expect(copy.get(Connect4Position.fromMoves('12'))).toEqual({ value: 0, column: 3 });
    expect(copy.get(Connect4Position.fromMoves('76'))).toEqual({ value: 0, column: 5 });
    expect(copy.get(Connect4Position.fromMoves('4'))).toEqual({ value: -1, column: 4 });
    expect(copy.get(Connect4Position.fromMoves('13'))).toBeUndefined();
  });

  it('rejects malformed data and unplayable columns', () => {
    expect(() => WeakBook.decode('zz:w4,oops')).toThrow(ValidationError);
    expect(() => WeakBook.decode('zz:x4')).toThrow(ValidationError);
    expect(() => WeakBook.decode('zz:w8')).toThrow(ValidationError);
    const book = new WeakBook();
    expect(() => book.set(Connect4Position.fromMoves('111111'), { value: 1, column: 1 })).toThrow(
      ValidationError,
    );
  });

  it('ships every position Oracle can meet in its first moves, whatever the opponent plays', () => {
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    for (const seat of [0, 1] as const) {
      const frontier = weakBookFrontier(book, seat, LAST_PLY[seat]);
      expect(frontier.missing.map((position) => position.moves)).toEqual([]);
    }
    // the first player wins Connect Four, and Oracle's stored columns keep every line won
    for (const [key, entry] of book.entries()) {
      const moves = movesOfKey(key);
      if (moves !== null && moves.length % 2 === 0)
        expect([moves, entry.value]).toEqual([moves, 1]);
    }
    expect(book.get(new Connect4Position())).toEqual({ value: 1, column: 4 });
    // the second player wins after a first stone on the edge, draws after 3, loses after 4
    const firstMoves = ['1', '2', '3', '4'].map((moves) => Connect4Position.fromMoves(moves));
    expect(firstMoves.map((position) => book.get(position)!.value)).toEqual([1, 1, 0, -1]);
  });

  it('takes a win at once wherever there is one', () => {
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    for (const [key] of book.entries()) {
      const position = Connect4Position.fromMoves(movesOfKey(key)!);
      const { column } = book.get(position)!;
      const winsAtOnce = position.legalMoves().some((move) => position.isWinningMove(move));
      expect([position.moves, position.isWinningMove(column)]).toEqual([
        position.moves,
        winsAtOnce,
      ]);
    }
  });

  it('never lets a value drop along a line: whatever the reply, the next entry is worth as much', () => {
    // a check of every entry against its successors, with no search: a wrong value or column
    // anywhere would show as a line where the stored value falls
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    let linked = 0;
    for (const [key] of book.entries()) {
      const position = Connect4Position.fromMoves(movesOfKey(key)!);
      const { value, column } = book.get(position)!;
      const after = position.clone().play(column);
      if (after.outcome().status !== 'ongoing') continue;
      for (const reply of after.legalMoves()) {
        if (after.isWinningMove(reply)) {
          expect([position.moves, value]).toEqual([position.moves, -1]);
          continue;
        }
        const next = book.get(after.clone().play(reply));
        if (next === undefined) continue;
        linked++;
        expect([after.moves + reply, next.value >= value]).toEqual([after.moves + reply, true]);
      }
    }
    expect(linked).toBeGreaterThan(4000);
  });

  it('keeps the value it claims on a sample of the deepest entries (re-solved)', () => {
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    const solver = new Solver({ log2TableSize: 22 });
    for (const seat of [0, 1] as const) {
      // the deepest level's positions in a fixed order: the cheapest to re-prove; a column that
      // wins at once proves itself, so the sample is of the others
      const level = deepestLevel(book, seat).filter(
        (position) => !position.isWinningMove(book.get(position)!.column),
      );
      for (const position of level.slice(0, 2)) {
        const { value, column } = book.get(position)!;
        const child = position.clone().play(column);
        solver.resetTable();
        // the child's mover scores at most -value: lost after a win, at most a draw after a draw
        expect([position.moves, solver.isAtMost(child, 0 - value)]).toEqual([position.moves, true]);
      }
    }
  });
});

/** The positions Oracle meets with `seat` at the book's last ply, sorted by move string. */
function deepestLevel(book: WeakBook, seat: 0 | 1): Connect4Position[] {
  const level: Connect4Position[] = [];
  const walk = (position: Connect4Position) => {
    if (position.nbMoves === LAST_PLY[seat]) {
      level.push(position);
      return;
    }
    const after =
      position.nbMoves % 2 === seat ? position.clone().play(book.get(position)!.column) : position;
    for (const column of after.legalMoves()) {
      const reply = after.clone().play(column);
      if (reply.outcome().status === 'ongoing') walk(reply);
    }
  };
  walk(new Connect4Position());
  return level.sort((a, b) => a.moves.localeCompare(b.moves));
}
