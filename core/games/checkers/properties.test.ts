import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { MAX_MOVES, MOVE_INTS } from './board.ts';
import { checkersGame } from './game.ts';
import { movePaths } from './paths.ts';
import { randomGame } from './randomGames.ts';
import { boardOf, replay } from './state.ts';

const games = fc.record({ seed: fc.nat(), plies: fc.nat(160) });

describe('checkers properties', () => {
  it('every random game ends within maxPlies, by the rules rather than the limit', () => {
    fc.assert(
      fc.property(fc.nat(), (seed) => {
        const { state, moves } = randomGame(seed);
        const outcome = checkersGame.outcome(state);
        expect(outcome.status === 'finished' && outcome.reason).not.toBe('move-limit');
        expect(outcome.status).toBe('finished');
        expect(moves.length).toBeLessThanOrEqual(checkersGame.maxPlies);
      }),
      { numRuns: 200, seed: 11 },
    );
  });

  it('encodes and decodes any game back to the same moves, and replays it', () => {
    fc.assert(
      fc.property(games, ({ seed, plies }) => {
        const { state, moves } = randomGame(seed, plies);
        const encoded = checkersGame.encodeMoves(moves);
        expect(checkersGame.decodeMoves(encoded)).toEqual(moves);
        expect(replay(checkersGame.decodeMoves(encoded))).toEqual(state);
      }),
      { numRuns: 150, seed: 12 },
    );
  });

  it('finds the same moves in the fast generator as in the notation one', () => {
    fc.assert(
      fc.property(games, ({ seed, plies }) => {
        const board = boardOf(randomGame(seed, plies).state);
        const buffer = new Int32Array(MAX_MOVES * MOVE_INTS);
        const n = board.generate(buffer, 0);
        const fast = Array.from({ length: n }, (_, i) => buffer.slice(i * 3, i * 3 + 3).join());
        const slow = movePaths(board).map(
          ({ path, captured }) => `${path[0]},${path[path.length - 1]},${captured}`,
        );
        expect(fast).toEqual(slow);
      }),
      { numRuns: 300, seed: 13 },
    );
  });

  it('refuses malformed move lists', () => {
    for (const bad of [
      ' ',
      '11-15 ',
      '11-15  23-19',
      '33-29',
      '0-4',
      '11-',
      '11x',
      'a-b',
      '11-15-19',
      '11x15-19',
    ]) {
      expect(() => checkersGame.decodeMoves(bad), bad).toThrow(ValidationError);
    }
    expect(() => checkersGame.encodeMoves(['11-15', '23 19'])).toThrow(ValidationError);
    expect(checkersGame.decodeMoves('')).toEqual([]);
  });
});
