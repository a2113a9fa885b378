import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BET_SIDES,
  type BetSide,
  impliedOdds,
  poolsOf,
  type Stake,
  totalPool,
} from './parimutuel.ts';
import { settlePool } from './settlePool.ts';

const stakeArbitrary = fc.record({
  side: fc.constantFrom<BetSide>(...BET_SIDES),
  amount: fc.bigInt({ min: 1n, max: 10n ** 12n }),
});
const stakesArbitrary = fc
  .array(stakeArbitrary, { maxLength: 60 })
  .map((stakes): Stake[] => stakes.map((stake, index) => ({ ...stake, betId: `bet-${index}` })));
const winnerArbitrary = fc.option(fc.constantFrom<BetSide>(...BET_SIDES), { nil: null });
const pctArbitrary = fc.integer({ min: 0, max: 100 });

const sum = (values: Iterable<bigint>) => [...values].reduce((total, value) => total + value, 0n);

describe('settlePool', () => {
  it('pays out, with commission and dust, exactly the pool', () => {
    fc.assert(
      fc.property(stakesArbitrary, winnerArbitrary, pctArbitrary, (stakes, winner, pct) => {
        const settled = settlePool(stakes, winner, pct);
        const out = sum(settled.payouts.values()) + settled.commission.first;
        expect(out + settled.commission.second + settled.dust).toBe(totalPool(poolsOf(stakes)));
        expect(settled.dust >= 0n && settled.commission.second >= 0n).toBe(true);
      }),
    );
  });

  it('refunds every stake when the match is cancelled or nobody backed the result', () => {
    fc.assert(
      fc.property(stakesArbitrary, winnerArbitrary, pctArbitrary, (stakes, winner, pct) => {
        const pools = poolsOf(stakes);
        fc.pre(winner === null || pools[winner] === 0n);
        const settled = settlePool(stakes, winner, pct);
        expect(settled.outcome).toBe('refunded');
        for (const stake of stakes) expect(settled.payouts.get(stake.betId)).toBe(stake.amount);
        expect(settled.commission).toEqual({ first: 0n, second: 0n });
        expect(settled.dust).toBe(0n);
      }),
    );
  });

  it('never returns a winner less than its stake, and losers nothing', () => {
    fc.assert(
      fc.property(
        stakesArbitrary,
        fc.constantFrom<BetSide>(...BET_SIDES),
        pctArbitrary,
        (stakes, winner, pct) => {
          const settled = settlePool(stakes, winner, pct);
          if (settled.outcome === 'refunded') return;
          for (const stake of stakes) {
            const payout = settled.payouts.get(stake.betId) ?? -1n;
            if (stake.side === winner) expect(payout >= stake.amount).toBe(true);
            else expect(payout).toBe(0n);
          }
          // Rounding loses less than one point per winning bet.
          expect(
            settled.dust < BigInt(stakes.filter((stake) => stake.side === winner).length),
          ).toBe(true);
        },
      ),
    );
  });

  it('splits proportionally with the commission taken first', () => {
    const stakes: Stake[] = [
      { betId: 'a', side: 'first', amount: 300n },
      { betId: 'b', side: 'first', amount: 100n },
      { betId: 'c', side: 'second', amount: 600n },
    ];
    const settled = settlePool(stakes, 'first', 5);
    // Pool 1000, commission 50 (25 + 25), 950 shared 3:1.
    expect(settled.payouts.get('a')).toBe(712n);
    expect(settled.payouts.get('b')).toBe(237n);
    expect(settled.payouts.get('c')).toBe(0n);
    expect(settled.commission).toEqual({ first: 25n, second: 25n });
    expect(settled.dust).toBe(1n);
  });

  it('caps the commission at the losing stakes', () => {
    const settled = settlePool(
      [
        { betId: 'a', side: 'draw', amount: 100n },
        { betId: 'b', side: 'first', amount: 1n },
      ],
      'draw',
      5,
    );
    expect(settled.commission).toEqual({ first: 1n, second: 0n });
    expect(settled.payouts.get('a')).toBe(100n);
  });

  it('rejects non-positive stakes and a bad commission', () => {
    expect(() => settlePool([{ betId: 'a', side: 'first', amount: 0n }], 'first', 5)).toThrow(
      RangeError,
    );
    expect(() => settlePool([], 'first', 5.5)).toThrow(RangeError);
  });
});

describe('impliedOdds', () => {
  it('shows what one point returns per side, null where nobody bet', () => {
    expect(impliedOdds({ first: 300n, second: 100n, draw: 0n }, 5)).toEqual({
      first: 1.26,
      second: 3.8,
      draw: null,
    });
  });
});
