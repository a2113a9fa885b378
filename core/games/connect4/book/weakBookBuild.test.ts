import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzeColumns } from '#core/games/connect4/analyzeColumns.ts';
import { Connect4Position } from '#core/games/connect4/position.ts';
import { Solver } from '#core/games/connect4/solver.ts';
import { WeakBook } from './weakBook.ts';
import { findWeakBookMove, weakBookFrontier } from './weakBookBuild.ts';

const solver = new Solver({ log2TableSize: 20 });

/** A running position of 22 to 34 stones reached by `choices` among the legal moves. */
const middleGame = fc
  .array(fc.nat(6), { minLength: 22, maxLength: 34 })
  .map((choices) => {
    const position = new Connect4Position();
    for (const choice of choices) {
      const moves = position.legalMoves().filter((column) => !position.isWinningMove(column));
      if (moves.length === 0) return null;
      position.play(moves[choice % moves.length]!);
    }
    return position.outcome().status === 'ongoing' ? position : null;
  })
  .filter((position): position is Connect4Position => position !== null);

describe('findWeakBookMove', () => {
  it("gives the position's weak value and a column whose child keeps it", () => {
    fc.assert(
      fc.property(middleGame, (position) => {
        solver.resetTable();
        const columns = analyzeColumns(solver, position, { weak: true });
        const value = Math.max(...columns.filter((score): score is number => score !== null));
        const resistance = position.legalMoves().at(-1)!;
        const move = findWeakBookMove(solver, position, () => resistance);
        expect(move.value).toBe(value);
        if (value === -1) expect(move.column).toBe(resistance);
        else expect(columns[move.column - 1]).toBe(value);
      }),
      { numRuns: 60, seed: 20261125 },
    );
  });

  it('plays an immediate win, the most central first', () => {
    // first player's 4, 5 and 6 on the bottom row: columns 3 and 7 both win at once
    expect(findWeakBookMove(solver, Connect4Position.fromMoves('445566'), () => 1)).toEqual({
      value: 1,
      column: 3,
    });
  });

  it('refuses a resistance column that cannot be played', () => {
    // after "44553" the side to move loses whatever it plays
    const lost = Connect4Position.fromMoves('44553');
    expect(() => findWeakBookMove(solver, lost, () => 8)).toThrow(RangeError);
    expect(findWeakBookMove(solver, lost, () => 2)).toEqual({ value: -1, column: 2 });
  });
});

describe('weakBookFrontier', () => {
  it('starts at the empty board for the first player and at its replies for the second', () => {
    const book = new WeakBook();
    expect(weakBookFrontier(book, 0, 6).missing.map((position) => position.moves)).toEqual(['']);
    const second = weakBookFrontier(book, 1, 7);
    expect(second.ply).toBe(1);
    // seven first moves, three of them mirror images of others
    expect(second.missing.map((position) => position.moves).sort()).toEqual(['1', '2', '3', '4']);
  });

  it('follows the stored column and every reply, counting mirror images once', () => {
    const book = new WeakBook();
    book.set(new Connect4Position(), { value: 1, column: 4 });
    const frontier = weakBookFrontier(book, 0, 6);
    expect(frontier.ply).toBe(2);
    expect(frontier.missing.map((position) => position.canonicalKey()).sort()).toEqual(
      ['41', '42', '43', '44']
        .map((moves) => Connect4Position.fromMoves(moves).canonicalKey())
        .sort(),
    );
    expect([...frontier.positionsPerPly]).toEqual([
      [0, 1],
      [2, 4],
    ]);
    for (const moves of ['41', '42', '43', '44']) {
      book.set(Connect4Position.fromMoves(moves), { value: 1, column: 4 });
    }
    const next = weakBookFrontier(book, 0, 6);
    expect(next.ply).toBe(4);
    // every reply to "414", "424", "434" and "444", mirror images once
    expect(next.missing.length).toBeGreaterThan(14);
    expect(next.missing.every((position) => position.nbMoves === 4)).toBe(true);
    // one orientation per position, whichever line reached it, so a rebuild stores the same column
    expect(next.missing.every((position) => position.key() === position.canonicalKey())).toBe(true);
    expect(weakBookFrontier(book, 0, 2).ply).toBe(-1);
  });
});
