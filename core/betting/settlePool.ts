import {
  assertCommissionPct,
  type BetSide,
  commissionOf,
  type Pools,
  poolsOf,
  type Stake,
  totalPool,
} from './parimutuel.ts';

/** How one match's pool is paid out; every amount is whole points. */
export interface PoolSettlement {
  /** 'paid': winners shared the pool; 'refunded': every stake went back. */
  outcome: 'paid' | 'refunded';
  pools: Pools;
  /** What each bet gets back (0 for a losing bet), by bet id. */
  payouts: Map<string, bigint>;
  /** Commission of the two agents' owners: first player's share, second player's share. */
  commission: { first: bigint; second: bigint };
  /** Rounding remainder of the proportional split; it goes to the house. */
  dust: bigint;
}

/**
 * Settles a parimutuel pool. `winner` null means the match cannot be settled (cancelled), which
 * refunds every stake, as does a result nobody backed. Otherwise the commission comes off the
 * pool, winners share the rest in proportion to their stakes (rounded down), and the remainder
 * is dust. Payouts + commission + dust always equal the pool exactly.
 */
export function settlePool(
  stakes: readonly Stake[],
  winner: BetSide | null,
  commissionPct: number,
): PoolSettlement {
  assertCommissionPct(commissionPct);
  for (const stake of stakes) {
    if (stake.amount <= 0n) throw new RangeError(`Stake ${stake.betId} is not positive`);
  }
  const pools = poolsOf(stakes);
  const payouts = new Map<string, bigint>();
  if (winner === null || pools[winner] === 0n) {
    for (const stake of stakes) payouts.set(stake.betId, stake.amount);
    return { outcome: 'refunded', pools, payouts, commission: { first: 0n, second: 0n }, dust: 0n };
  }
  const commission = commissionOf(pools, winner, commissionPct);
  const distributable = totalPool(pools) - commission;
  let paid = 0n;
  for (const stake of stakes) {
    const payout = stake.side === winner ? (distributable * stake.amount) / pools[winner] : 0n;
    payouts.set(stake.betId, payout);
    paid += payout;
  }
  // The odd point of an uneven split goes to the first player's owner.
  const second = commission / 2n;
  return {
    outcome: 'paid',
    pools,
    payouts,
    commission: { first: commission - second, second },
    dust: distributable - paid,
  };
}
