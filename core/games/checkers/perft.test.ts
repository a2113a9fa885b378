import { describe, expect, it } from 'vitest';
import { Board } from './board.ts';
import { checkersGame } from './game.ts';
import { perft } from './perft.ts';

// OEIS A133046 (Schaeffer, Bik): leaf counts from the start position
const PUBLISHED = [1, 7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680];

describe('perft', () => {
  it('matches the published counts to depth 9', () => {
    PUBLISHED.forEach((expected, depth) => {
      expect(checkersGame.perft(depth)).toBe(expected);
    });
  }, 60_000);

  it('counts from any board it is given, leaving it unchanged', () => {
    // a lone dark king in the middle: 4 moves, then 4 light-less positions with no replies
    const board = new Board().set(1 << 14, 1 << 31, 1 << 14, 0);
    expect(perft(1, board)).toBe(4);
    expect(board.dark).toBe(1 << 14);
  });

  it('refuses a negative or fractional depth', () => {
    expect(() => perft(-1)).toThrow(RangeError);
    expect(() => perft(1.5)).toThrow(RangeError);
  });
});
