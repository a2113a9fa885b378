import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { Connect4Position, cellIndex } from './position.ts';

// A full board with no four in a row, found by a seeded random playout.
const DRAWN_GAME = '125677771445622562775533415633243446162311';

describe('Connect4Position rules', () => {
  it('stacks stones and reports legal moves', () => {
    const position = Connect4Position.fromMoves('444');
    expect(position.columnHeights()).toEqual([0, 0, 0, 3, 0, 0, 0]);
    expect(position.cellAt(4, 0)).toBe(1);
    expect(position.cellAt(4, 1)).toBe(2);
    expect(position.toMove).toBe(2);
    expect(position.legalMoves()).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses a seventh stone in a column', () => {
    const position = Connect4Position.fromMoves('444444');
    expect(position.canPlay(4)).toBe(false);
    expect(position.legalMoves()).toEqual([1, 2, 3, 5, 6, 7]);
    expect(() => position.play(4)).toThrow(ValidationError);
    expect(() => Connect4Position.fromMoves('4444444')).toThrow(/column 4, which is full/);
  });

  it('rejects characters outside 1..7 and moves after a win', () => {
    expect(() => Connect4Position.fromMoves('4480')).toThrow(/"8" at position 3/);
    expect(() => Connect4Position.fromMoves('12a')).toThrow(ValidationError);
    expect(() => Connect4Position.fromMoves('1212121')).not.toThrow();
    expect(() => Connect4Position.fromMoves('12121213')).toThrow(/after the game was already won/);
  });

  it.each([
    ['vertical', '1212121', [cellIndex(1, 0), cellIndex(1, 1), cellIndex(1, 2), cellIndex(1, 3)]],
    ['horizontal', '1122334', [cellIndex(1, 0), cellIndex(2, 0), cellIndex(3, 0), cellIndex(4, 0)]],
    [
      'diagonal up',
      '12234334744',
      [cellIndex(1, 0), cellIndex(2, 1), cellIndex(3, 2), cellIndex(4, 3)],
    ],
    [
      'diagonal down',
      '76654554144',
      [cellIndex(4, 3), cellIndex(5, 2), cellIndex(6, 1), cellIndex(7, 0)],
    ],
  ])('detects a %s win with its line', (_name, moves, line) => {
    const position = Connect4Position.fromMoves(moves.slice(0, -1));
    const last = Number(moves.at(-1));
    expect(position.isWinningMove(last)).toBe(true);
    expect(position.canWinNext()).toBe(true);
    position.play(last);
    expect(position.winningLine()).toEqual([...line].sort((a, b) => a - b));
    expect(position.outcome()).toEqual({ status: 'won', winner: 1, line: position.winningLine() });
    expect(position.lastMoverHasWon()).toBe(true);
    expect(position.legalMoves()).toEqual([]);
  });

  it('credits the second player with its own win', () => {
    const position = Connect4Position.fromMoves('17273757');
    expect(position.outcome()).toMatchObject({ status: 'won', winner: 2 });
  });

  it('fills the last cell to a draw', () => {
    const position = Connect4Position.fromMoves(DRAWN_GAME.slice(0, -1));
    expect(position.legalMoves()).toEqual([Number(DRAWN_GAME.at(-1))]);
    expect(position.outcome()).toEqual({ status: 'ongoing' });
    position.play(Number(DRAWN_GAME.at(-1)));
    expect(position.nbMoves).toBe(42);
    expect(position.outcome()).toEqual({ status: 'draw' });
    expect(position.winningLine()).toBeNull();
    expect(position.legalMoves()).toEqual([]);
  });

  it('undoes moves back to an identical key', () => {
    const position = Connect4Position.fromMoves('4455');
    const key = position.key();
    position.play(3).play(3).undo().undo();
    expect(position.key()).toBe(key);
    expect(position.moves).toBe('4455');
    expect(() => new Connect4Position().undo()).toThrow(ValidationError);
  });

  it('gives transpositions the same key and mirrors the same canonical key', () => {
    expect(Connect4Position.fromMoves('1234').key()).toBe(Connect4Position.fromMoves('3214').key());
    expect(Connect4Position.fromMoves('12').key()).not.toBe(Connect4Position.fromMoves('21').key());
    const position = Connect4Position.fromMoves('1123');
    expect(position.mirror().moves).toBe('7765');
    expect(position.mirror().canonicalKey()).toBe(position.canonicalKey());
    expect(position.mirror().key()).not.toBe(position.key());
  });
});
