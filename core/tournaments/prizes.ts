import { ValidationError } from '#core/errors.ts';

/** How prizes are split, for the tournament page to state beside the table. */
export const PRIZE_SPLIT_RULE =
  'Each place gets its share of the pool in whole points, rounded down; what rounding leaves ' +
  'goes to first place. Entrants tied on a place share the prizes of the places they cover ' +
  'equally, and the odd points of that split go one each to the tied entrants by seed. Places ' +
  'in the table beyond the number of finishers are not paid: the other places\u2019 shares grow to ' +
  'cover the pool. The prizes always add up to the pool exactly.';

/** A finisher as the final standings list it: best first, tied entrants with the same place. */
export interface Finisher {
  id: string;
  place: number;
}

/**
 * Splits `poolPoints` (whole points, as balances and bets are kept) over `finishers` by
 * `shares`: the weights of the first, second, … places (percentages are shares that add up to
 * 100). Returns what each paid finisher gets; the amounts add up to the pool exactly.
 */
export function splitPrizes(
  poolPoints: bigint,
  shares: readonly number[],
  finishers: readonly Finisher[],
): Map<string, bigint> {
  if (poolPoints < 0n) throw new ValidationError('A prize pool cannot be negative');
  if (!shares.every((share) => Number.isInteger(share) && share >= 0)) {
    throw new ValidationError('Prize shares are whole numbers, zero or more');
  }
  if (!shares[0]) throw new ValidationError('The prize table must pay first place');
  if (finishers.length === 0) throw new ValidationError('A prize pool needs a finisher to pay');
  const paidShares = shares.slice(0, finishers.length).map(BigInt);
  const totalShares = paidShares.reduce((sum, share) => sum + share, 0n);
  const byPosition = paidShares.map((share) => (poolPoints * share) / totalShares);
  const rounded = byPosition.reduce((sum, amount) => sum + amount, 0n);
  byPosition[0] = (byPosition[0] ?? 0n) + poolPoints - rounded;

  const prizes = new Map<string, bigint>();
  for (let start = 0; start < finishers.length; ) {
    let end = start + 1;
    while (finishers[end]?.place === finishers[start]?.place) end++;
    const tied = finishers.slice(start, end);
    const covered = byPosition.slice(start, end).reduce((sum, amount) => sum + amount, 0n);
    const count = BigInt(tied.length);
    tied.forEach((finisher, index) => {
      const oddPoint = BigInt(index) < covered % count ? 1n : 0n;
      const prize = covered / count + oddPoint;
      if (prize > 0n) prizes.set(finisher.id, prize);
    });
    start = end;
  }
  return prizes;
}
