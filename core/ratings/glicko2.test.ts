import { describe, expect, it } from 'vitest';
import { INITIAL_RATING, rateGame, updateRating } from './glicko2.ts';

describe('Glicko-2', () => {
  it("reproduces Glickman's published example", () => {
    const after = updateRating({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.deviation).toBeCloseTo(151.52, 1);
    expect(after.volatility).toBeCloseTo(0.05999, 4);
  });

  it('grows the deviation of a player who did not play, capped at the initial deviation', () => {
    const idle = updateRating({ rating: 1600, deviation: 50, volatility: 0.06 }, []);
    expect(idle.rating).toBe(1600);
    expect(idle.deviation).toBeGreaterThan(50);
    expect(updateRating(INITIAL_RATING, []).deviation).toBe(350);
  });

  it('moves the winner up and the loser down by the same amount between equal players', () => {
    const [winner, loser] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    expect(winner.rating).toBeGreaterThan(1500);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    const [a, b] = rateGame(INITIAL_RATING, INITIAL_RATING, 0.5);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
  });
});
