import { describe, expect, it } from 'vitest';
import { WIN_CHANCE_CURVE as CHECKERS } from './checkers/winChanceCurve.ts';
import { WIN_CHANCE_CURVE as CONNECT4 } from './connect4/winChanceCurve.ts';
import type { GameId } from './gameIds.ts';
import { WIN_CHANCE_CURVE as OTHELLO } from './othello/winChanceCurve.ts';
import { winChanceSamples } from './winChanceSamples.ts';
import { fitWinChances, type WinChanceCurve, winChance } from './winChances.ts';

const CURVES: Record<GameId, WinChanceCurve> = {
  connect4: CONNECT4,
  othello: OTHELLO,
  checkers: CHECKERS,
};
/** Held-back matches: seeds the fit (seed 1) never played, as many as run in seconds. */
const HELD_BACK: Record<GameId, number> = { connect4: 150, othello: 24, checkers: 40 };
const BINS = 5;
const TOLERANCE = 0.1;

describe('fitWinChances', () => {
  it('pools groups where a higher score did worse, so the curve never falls', () => {
    const samples = [
      ...Array.from({ length: 10 }, () => ({ score: -10, result: 0 })),
      ...Array.from({ length: 10 }, () => ({ score: 0, result: 1 })),
      ...Array.from({ length: 10 }, () => ({ score: 10, result: 0.5 })),
    ];
    const curve = fitWinChances(samples, { buckets: 3, floor: 0 });
    expect(curve.scores).toEqual([-10, 0, 10]);
    // 0 did better than 10: the two are pooled at their mean, 0.75
    expect(curve.chances).toEqual([0, 0.75, 0.75]);
  });

  it('reads between points on a straight line and flat past the ends', () => {
    const curve = { scores: [-10, 0, 10], chances: [0.2, 0.5, 0.9] };
    expect(winChance(curve, -50)).toBe(0.2);
    expect(winChance(curve, 5)).toBeCloseTo(0.7);
    expect(winChance(curve, 50)).toBe(0.9);
  });
});

describe.each(Object.keys(CURVES) as GameId[])('%s winning-chance curve', (id) => {
  const curve = CURVES[id];

  it('rises with the score and stays short of certainty', () => {
    for (let i = 1; i < curve.scores.length; i++) {
      expect(curve.scores[i]!).toBeGreaterThan(curve.scores[i - 1]!);
      expect(curve.chances[i]!).toBeGreaterThanOrEqual(curve.chances[i - 1]!);
    }
    expect(curve.chances[0]!).toBeLessThan(0.5);
    expect(curve.chances.at(-1)!).toBeGreaterThan(0.5);
    for (const chance of curve.chances) expect(chance).toBeGreaterThan(0);
    for (const chance of curve.chances) expect(chance).toBeLessThan(1);
  });

  it('is calibrated on games it was not fitted to', { timeout: 180_000 }, () => {
    const samples = winChanceSamples(id, HELD_BACK[id], 20_261_127);
    const predicted = samples
      .map((sample) => ({ chance: winChance(curve, sample.score), result: sample.result }))
      .sort((a, b) => a.chance - b.chance);
    // In each fifth of the moves, by predicted chance, what came true is close to what was said
    for (let bin = 0; bin < BINS; bin++) {
      const slice = predicted.slice(
        Math.floor((bin * predicted.length) / BINS),
        Math.floor(((bin + 1) * predicted.length) / BINS),
      );
      const mean = (pick: (entry: (typeof slice)[number]) => number) =>
        slice.reduce((sum, entry) => sum + pick(entry), 0) / slice.length;
      expect(Math.abs(mean((e) => e.chance) - mean((e) => e.result))).toBeLessThan(TOLERANCE);
    }
    // and the chances tell more than a coin: a lower squared error than always saying 50%
    const brier = predicted.reduce((sum, e) => sum + (e.chance - e.result) ** 2, 0);
    const coin = predicted.reduce((sum, e) => sum + (0.5 - e.result) ** 2, 0);
    expect(brier).toBeLessThan(coin * 0.95);
  });
});
