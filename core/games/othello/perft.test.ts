import { describe, expect, it } from 'vitest';
import { othelloGame } from './game.ts';

describe('othello perft', () => {
  it('matches the published counts to depth 8, passes counted as moves', () => {
    const counts = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];
    for (let depth = 0; depth < counts.length; depth++) {
      expect(othelloGame.perft(depth)).toBe(counts[depth]);
    }
  });

  it('counts the first finished games at depth 9', () => {
    expect(othelloGame.perft(9)).toBe(3005288);
  });
});
