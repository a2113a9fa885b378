/** What a bet can back: the player who moves first, the second, or a draw. */
export type BetSide = 'first' | 'second' | 'draw';

/** Every side a bet can back, in display order. */
export const BET_SIDES: readonly BetSide[] = ['first', 'second', 'draw'];

/** One stake in a match's pool; amounts are whole points. */
export interface Stake {
  betId: string;
  side: BetSide;
  amount: bigint;
}

/** The total staked on each side of one match. */
export type Pools = Record<BetSide, bigint>;

/** Sums stakes per side. */
export function poolsOf(stakes: readonly Stake[]): Pools {
  const pools: Pools = { first: 0n, second: 0n, draw: 0n };
  for (const stake of stakes) pools[stake.side] += stake.amount;
  return pools;
}

/** Sum of every side's pool. */
export function totalPool(pools: Pools): bigint {
  return pools.first + pools.second + pools.draw;
}

/**
 * The commission a settled pool pays: `commissionPct` percent of the whole pool, rounded down,
 * but never more than the losing stakes, so a winning bet never returns less than its stake.
 */
export function commissionOf(pools: Pools, winner: BetSide, commissionPct: number): bigint {
  assertCommissionPct(commissionPct);
  const total = totalPool(pools);
  const losing = total - pools[winner];
  const commission = (total * BigInt(commissionPct)) / 100n;
  return commission < losing ? commission : losing;
}

/**
 * Implied decimal odds of each side as they stand (what one point returns if the pools stay as
 * they are), or null for a side nobody has backed. For display only: payouts use `settlePool`.
 */
export function impliedOdds(pools: Pools, commissionPct: number): Record<BetSide, number | null> {
  const odds = (side: BetSide): number | null => {
    if (pools[side] === 0n) return null;
    const returned = totalPool(pools) - commissionOf(pools, side, commissionPct);
    // Hundredths, computed exactly before the one conversion to a float.
    return Number((returned * 100n) / pools[side]) / 100;
  };
  return { first: odds('first'), second: odds('second'), draw: odds('draw') };
}

/** Throws RangeError unless the commission is a whole percentage from 0 to 100. */
export function assertCommissionPct(commissionPct: number): void {
  if (!Number.isInteger(commissionPct) || commissionPct < 0 || commissionPct > 100) {
    throw new RangeError(`commissionPct must be a whole number from 0 to 100: ${commissionPct}`);
  }
}
