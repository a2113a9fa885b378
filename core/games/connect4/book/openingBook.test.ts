import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../errors.ts';
import { Connect4Position } from '../position.ts';
import { Solver } from '../solver.ts';
import { OpeningBook } from './openingBook.ts';
import { OPENING_BOOK_DATA } from './openingBookData.ts';

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
    const exact = solver.analyze(position);
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
});
