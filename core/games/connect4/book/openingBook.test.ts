import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { movesOfKey } from '#core/games/connect4/movesOfKey.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { OpeningBook } from './openingBook.ts';
import { OPENING_BOOK_DATA } from './openingBookData.ts';

const SAMPLE_MIN_STONES = 12;
const SAMPLE_SIZE = 10;

describe('OpeningBook', () => {
  it('round-trips through its text form and shares entries with mirror images', () => {
    const book = new OpeningBook();
    book.set(Connect4Position.fromMoves('1123'), 5);
    const copy = OpeningBook.decode(book.encode());
    expect(copy.size).toBe(1);
    expect(copy.get(Connect4Position.fromMoves('7765'))).toBe(5);
    expect(copy.get(Connect4Position.fromMoves('1124'))).toBeUndefined();
  });

  it('gives column scores only when every child is known', () => {
    const position = Connect4Position.fromMoves('3133577417651455562354437434');
    const solver = new Solver({ log2TableSize: 20 });
    const exact = analyzeColumns(solver, position);
    const book = new OpeningBook();
    expect(book.columnScores(position)).toBeNull();
    for (const column of position.legalMoves()) {
      position.play(column);
      book.set(position, 0 - exact[column - 1]!);
      position.undo();
    }
    expect(book.columnScores(position)).toEqual(exact);
  });

  it('rejects malformed data', () => {
    expect(() => OpeningBook.decode('zz:1,oops')).toThrow(ValidationError);
  });

  it('ships a decodable, non-empty book', () => {
    const book = OpeningBook.decode(OPENING_BOOK_DATA);
    expect(book.size).toBeGreaterThan(0);
  });

  it('ships exact scores: a fixed sample of its entries, re-solved from scratch, agrees', () => {
    // every entry costs a full solve (seconds at ply 9): the sample is the deepest entries, the
    // cheapest to solve, taken in key order so it is the same on every run
    const entries = [...OpeningBook.decode(OPENING_BOOK_DATA).entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([key, score]) => ({ moves: movesOfKey(key), score }))
      .filter((entry) => entry.moves !== null && entry.moves.length >= SAMPLE_MIN_STONES);
    const sample = entries.slice(0, SAMPLE_SIZE);
    expect(sample).toHaveLength(SAMPLE_SIZE);
    const solver = new Solver({ log2TableSize: 22 });
    for (const { moves, score } of sample) {
      solver.resetTable();
      expect([moves, solver.solve(Connect4Position.fromMoves(moves!))]).toEqual([moves, score]);
    }
  }, 60_000);

  it('decodes every stored key back to a playable position', () => {
    const book = OpeningBook.decode(OPENING_BOOK_DATA);
    for (const [key] of book.entries()) {
      const moves = movesOfKey(key);
      expect(moves).not.toBeNull();
      expect(Connect4Position.fromMoves(moves!).canonicalKey()).toBe(key);
    }
  });
});
