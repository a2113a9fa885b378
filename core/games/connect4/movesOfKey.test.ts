import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { movesOfKey } from './movesOfKey.ts';
import { Connect4Position } from './position.ts';

describe('movesOfKey', () => {
  it('rebuilds a position with the same key from any running game', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { maxLength: 20 }), (columns) => {
        const position = new Connect4Position();
        for (const column of columns) {
          if (position.canPlay(column) && !position.isWinningMove(column)) position.play(column);
        }
        const moves = movesOfKey(position.key());
        expect(moves).not.toBeNull();
        expect(Connect4Position.fromMoves(moves!).key()).toBe(position.key());
      }),
      { numRuns: 200, seed: 5 },
    );
  });

  it('gives null for keys no game reaches', () => {
    expect(movesOfKey(-1)).toBeNull();
    expect(movesOfKey(2 ** 49)).toBeNull();
    // a marker above six stones: a column taller than the board
    expect(movesOfKey(127)).toBeNull();
    // three stones of the first player alone in column 1: the second never moved
    expect(movesOfKey(0b111)).toBeNull();
    // a finished game is not a running position
    expect(movesOfKey(Connect4Position.fromMoves('1212121').key())).toBeNull();
  });
});
