import { describe, expect, it } from 'vitest';
import { decide } from './decide.ts';

const clock = { seed: 1, deadline: Number.POSITIVE_INFINITY, now: () => 0 };

describe('a perfect agent past the books', () => {
  // Positions where every column's score does not fit the agent's budget, where it once played a
  // heuristic move that gave the value up. Each column's score is Pascal Pons' solver's
  // (`c4solver -a`, written down here): the only column that keeps the value is the expected one.
  it.each([
    // a win, and only column 5 keeps it (Oracle played 4, a loss)
    { moves: '7313365357', thinkTimeMs: 8000, scores: [-1, -3, -2, -1, 3, -3, -2], reason: /win/ },
    // a win at a short think time; only column 6 keeps it
    {
      moves: '35654442642217',
      thinkTimeMs: 500,
      scores: [-3, -2, -3, -2, -2, 2, -4],
      reason: /win/,
    },
    // a draw whose proof takes 33 M nodes for Pons' solver; only column 5 holds it (Oracle played
    // 2, a loss, in 1 of 100 random positions from ply 8)
    {
      moves: '711172355',
      thinkTimeMs: 8000,
      scores: [-2, -1, -2, -2, 0, -3, -3],
      reason: /holding the draw/,
    },
  ])(
    'keeps the value of $moves with $thinkTimeMs ms to think',
    ({ moves, thinkTimeMs, scores, reason }) => {
      const traits = { skill: 10, style: 'balanced', risk: 0, thinkTimeMs } as const;
      const decision = decide(moves, traits, clock);
      const best = Math.max(...scores);
      expect(Math.sign(scores[decision.move - 1]!)).toBe(Math.sign(best));
      expect(decision.exact).toBe(true);
      expect(decision.trace.reason).toMatch(reason);
      // up to the 32 M nodes of Oracle's think time: seconds, more beside other CPU-bound files
    },
    90_000,
  );
});
