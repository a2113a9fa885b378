import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../errors.ts';
import { movesOfKey } from '../movesOfKey.ts';
import { Connect4Position } from '../position.ts';
import { Solver } from '../solver.ts';
import { WeakBook } from './weakBook.ts';
import { weakBookFrontier } from './weakBookBuild.ts';
import { WEAK_BOOK_DATA } from './weakBookData.ts';

// The first-player half: every position Oracle can meet as first player before its 8th stone.
const FIRST_PLAYER_TO_PLY = 6;

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

  it('ships the first-player half: every position Oracle can meet, a win with its column', () => {
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    const frontier = weakBookFrontier(book, 0, FIRST_PLAYER_TO_PLY);
    expect(frontier.missing.map((position) => position.moves)).toEqual([]);
    // the first player wins Connect Four, and Oracle's stored columns keep every line won
    for (const [key, entry] of book.entries()) {
      const moves = movesOfKey(key);
      if (moves !== null && moves.length % 2 === 0)
        expect([moves, entry.value]).toEqual([moves, 1]);
    }
    expect(book.get(new Connect4Position())).toEqual({ value: 1, column: 4 });
  });

  it('keeps the value it claims on a sample of the deepest first-player entries (re-solved)', () => {
    const book = WeakBook.decode(WEAK_BOOK_DATA);
    const solver = new Solver({ log2TableSize: 22 });
    // the deepest level's positions in a fixed order: the cheapest to re-prove
    // (a column that wins at once proves itself; the sample is of the others)
    const level = deepestFirstPlayerLevel(book).filter(
      (position) => !position.isWinningMove(book.get(position)!.column),
    );
    for (const position of level.slice(0, 2)) {
      const { value, column } = book.get(position)!;
      expect(value).toBe(1);
      const child = position.clone().play(column);
      solver.resetTable();
      expect([position.moves, solver.isAtMost(child, -1)]).toEqual([position.moves, true]);
    }
  });
});

/** The positions Oracle meets as first player at the book's last ply, sorted by move string. */
function deepestFirstPlayerLevel(book: WeakBook): Connect4Position[] {
  const level: Connect4Position[] = [];
  const walk = (position: Connect4Position) => {
    if (position.nbMoves === FIRST_PLAYER_TO_PLY) {
      level.push(position);
      return;
    }
    const after = position.clone().play(book.get(position)!.column);
    for (const column of after.legalMoves()) {
      const reply = after.clone().play(column);
      if (reply.outcome().status === 'ongoing') walk(reply);
    }
  };
  walk(new Connect4Position());
  return level.sort((a, b) => a.moves.localeCompare(b.moves));
}
