import type { Pairing } from './types.ts';

/** A side of the board: moving first or second. */
export type Side = 'first' | 'second';

/** What the Swiss pairing needs to know of one entrant's event so far. */
export interface SwissRecord {
  id: string;
  /** Position in the pairing order (score, then seed): 0 is the leader. */
  rank: number;
  halfPoints: number;
  opponents: ReadonlySet<string>;
  /** Sides played, in round order; a bye plays no side. */
  sides: readonly Side[];
  hadBye: boolean;
}

/** Games moved first minus games moved second. */
export function sideBalance(record: SwissRecord): number {
  let balance = 0;
  for (const side of record.sides) balance += side === 'first' ? 1 : -1;
  return balance;
}

/**
 * Whether `side` keeps the entrant balanced: first and second within one of each other, and never
 * the same side three games running.
 */
export function canTake(record: SwissRecord, side: Side): boolean {
  const balance = sideBalance(record) + (side === 'first' ? 1 : -1);
  const [beforeLast, last] = record.sides.slice(-2);
  return Math.abs(balance) <= 1 && !(beforeLast === side && last === side);
}

/** Whether two entrants can meet with both staying balanced (one of the two ways round). */
export function sidesFit(a: SwissRecord, b: SwissRecord): boolean {
  return (
    (canTake(a, 'first') && canTake(b, 'second')) || (canTake(a, 'second') && canTake(b, 'first'))
  );
}

/** The side an entrant would rather play next, or null when it has no reason to prefer one. */
export function preferredSide(record: SwissRecord): Side | null {
  const balance = sideBalance(record);
  if (balance !== 0) return balance < 0 ? 'first' : 'second';
  const last = record.sides.at(-1);
  if (last === undefined) return null;
  return last === 'first' ? 'second' : 'first';
}

/**
 * Who moves first when `a` (ranked above `b`) meets `b` on `board` (0 is the top board). A way
 * round that keeps both balanced beats one that does not; then whoever has moved first less often
 * moves first; then whoever moved second last; then, with nothing to choose, the higher ranked
 * moves first on even boards and second on odd ones (round 1: seeds alternate down the boards).
 */
export function assignSides(a: SwissRecord, b: SwissRecord, board: number): Pairing {
  const aFirst = canTake(a, 'first') && canTake(b, 'second');
  const bFirst = canTake(b, 'first') && canTake(a, 'second');
  if (aFirst !== bFirst)
    return aFirst ? { first: a.id, second: b.id } : { first: b.id, second: a.id };
  const balanceGap = sideBalance(a) - sideBalance(b);
  if (balanceGap !== 0) {
    return balanceGap < 0 ? { first: a.id, second: b.id } : { first: b.id, second: a.id };
  }
  const aLast = a.sides.at(-1);
  const bLast = b.sides.at(-1);
  if (aLast !== bLast) {
    const aMovesFirst = aLast === 'second' || bLast === 'first';
    return aMovesFirst ? { first: a.id, second: b.id } : { first: b.id, second: a.id };
  }
  return board % 2 === 0 ? { first: a.id, second: b.id } : { first: b.id, second: a.id };
}
