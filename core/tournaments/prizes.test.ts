import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Finisher, splitPrizes } from './prizes.ts';

/** Finishers e0, e1 … with places as a table gives them: each place 1 or the one above it. */
const finishersArbitrary = fc
  .array(fc.boolean(), { minLength: 1, maxLength: 20 })
  .map((tiedWithAbove) => {
    const finishers: Finisher[] = [];
    tiedWithAbove.forEach((tied, index) => {
      const above = finishers[index - 1];
      finishers.push({ id: `e${index}`, place: above && tied ? above.place : index + 1 });
    });
    return finishers;
  });
const sharesArbitrary = fc
  .tuple(
    fc.integer({ min: 1, max: 1000 }),
    fc.array(fc.integer({ min: 0, max: 1000 }), { maxLength: 10 }),
  )
  .map(([first, rest]) => [first, ...rest]);
const poolArbitrary = fc.bigInt({ min: 0n, max: 10n ** 24n });

const total = (prizes: Map<string, bigint>) =>
  [...prizes.values()].reduce((sum, prize) => sum + prize, 0n);

describe('splitPrizes', () => {
  it('pays out exactly the pool, never a negative amount', () => {
    fc.assert(
      fc.property(poolArbitrary, sharesArbitrary, finishersArbitrary, (pool, shares, finishers) => {
        const prizes = splitPrizes(pool, shares, finishers);
        expect(total(prizes)).toBe(pool);
        for (const prize of prizes.values()) expect(prize > 0n).toBe(true);
      }),
    );
  });

  it('pays tied finishers within one point of each other, and a better place never less', () => {
    fc.assert(
      fc.property(poolArbitrary, sharesArbitrary, finishersArbitrary, (pool, shares, finishers) => {
        const prizes = splitPrizes(pool, shares, finishers);
        const prizeOf = (finisher: Finisher | undefined) => prizes.get(finisher?.id ?? '') ?? 0n;
        finishers.forEach((finisher, index) => {
          const above = finishers[index - 1];
          if (above?.place !== finisher.place) return;
          const gap = prizeOf(above) - prizeOf(finisher);
          expect(gap === 0n || gap === 1n).toBe(true);
        });
        const descending = shares.every(
          (share, index) => index === 0 || share <= (shares[index - 1] ?? 0),
        );
        if (!descending) return;
        finishers.forEach((finisher, index) => {
          const above = finishers[index - 1];
          if (above && above.place !== finisher.place)
            expect(prizeOf(above) >= prizeOf(finisher)).toBe(true);
        });
      }),
    );
  });

  it('splits 1,001 points 50/30/20, the rounding to first place (checked by hand)', () => {
    const finishers = ['a', 'b', 'c', 'd'].map((id, index) => ({ id, place: index + 1 }));
    // 500.5 → 500, 300.3 → 300, 200.2 → 200; the 1 left over goes to first.
    expect(Object.fromEntries(splitPrizes(1001n, [50, 30, 20], finishers))).toEqual({
      a: 501n,
      b: 300n,
      c: 200n,
    });
  });

  it('shares the prizes of tied places, odd points by seed (checked by hand)', () => {
    const finishers = [
      { id: 'a', place: 1 },
      { id: 'b', place: 2 },
      { id: 'c', place: 2 },
      { id: 'd', place: 2 },
    ];
    // Places 2–4 hold 30 + 20 + 0 = 50 of 100: 16 each and the 2 left to b and c.
    expect(Object.fromEntries(splitPrizes(100n, [50, 30, 20], finishers))).toEqual({
      a: 50n,
      b: 17n,
      c: 17n,
      d: 16n,
    });
  });

  it('gives the whole pool to the places there are finishers for', () => {
    // Two finishers for a table of three: 50 and 30 of 80 shares.
    const finishers = [
      { id: 'a', place: 1 },
      { id: 'b', place: 2 },
    ];
    expect(Object.fromEntries(splitPrizes(800n, [50, 30, 20], finishers))).toEqual({
      a: 500n,
      b: 300n,
    });
  });

  it('refuses a table that does not pay first place, or shares that are not whole', () => {
    const finishers = [{ id: 'a', place: 1 }];
    expect(() => splitPrizes(10n, [0, 100], finishers)).toThrow('must pay first place');
    expect(() => splitPrizes(10n, [50.5, 49.5], finishers)).toThrow('whole numbers');
    expect(() => splitPrizes(-1n, [100], finishers)).toThrow('negative');
    expect(() => splitPrizes(10n, [100], [])).toThrow('finisher');
  });
});
