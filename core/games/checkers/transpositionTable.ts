/** Kind of bound a stored score is. */
export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;

/**
 * A transposition table in one `Int32Array`, three words a slot: the position's lock key, its
 * score, and depth << 10 | bound << 8 | best move's index + 1. The slot is the index key's low
 * bits; the lock (a second, independent 32-bit Zobrist key) rejects another position there.
 * Always-replace: the newest result is the likeliest to be probed again.
 */
export class TranspositionTable {
  private readonly entries: Int32Array;
  private readonly mask: number;

  /** A table of `2^log2Size` slots (12 bytes each). */
  constructor(log2Size = 18) {
    this.mask = (1 << log2Size) - 1;
    this.entries = new Int32Array((this.mask + 1) * 3);
  }

  /** Empties the table: each decision starts fresh, so it is reproducible. */
  reset(): void {
    this.entries.fill(0);
  }

  /** Index into the entries of the position's slot if it holds that position, else -1. */
  probe(index: number, lock: number): number {
    const at = (index & this.mask) * 3;
    return this.entries[at] === lock && this.entries[at + 2] !== 0 ? at : -1;
  }

  /** Stored score at a probed entry. */
  score(at: number): number {
    return this.entries[at + 1]!;
  }

  /** Stored depth at a probed entry. */
  depth(at: number): number {
    return this.entries[at + 2]! >>> 10;
  }

  /** Stored bound (`EXACT`, `LOWER` or `UPPER`) at a probed entry. */
  bound(at: number): number {
    return (this.entries[at + 2]! >>> 8) & 3;
  }

  /** Index of the best move in generation order, or -1. */
  move(at: number): number {
    return (this.entries[at + 2]! & 0xff) - 1;
  }

  /** Stores a result; `depth` is at least 1 (leaves and quiescence are not stored). */
  store(index: number, lock: number, score: number, depth: number, bound: number, move: number) {
    const at = (index & this.mask) * 3;
    this.entries[at] = lock;
    this.entries[at + 1] = score;
    this.entries[at + 2] = (depth << 10) | (bound << 8) | (move + 1);
  }
}
