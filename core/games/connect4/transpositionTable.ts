/**
 * Transposition table of Pons' solver: a prime number of slots, each keeping the low 32 bits of
 * the 49-bit key and one byte of value. Because the slot is `key mod size` and the size is an odd
 * prime above 2^17, the slot and the stored 32 bits together identify the key exactly (Chinese
 * remainder theorem), so there are no false hits.
 *
 * Unlike Pons' two arrays, key and value sit side by side in one `Int32Array` (one cache line per
 * probe instead of two), and the value word carries a generation: `reset` only bumps the
 * generation, so a fresh table costs nothing however large it is; entries of older generations
 * read as empty. The array is really cleared only when the generation counter wraps.
 */
export class TranspositionTable {
  /** Number of slots (a prime). */
  readonly size: number;
  // [partial key, generation * 256 + value] per slot
  private readonly entries: Int32Array;
  private readonly inverseSize: number;
  private generationBase = GENERATION_STEP;

  /** A table with the first prime number of slots at or above `2^log2Size` (17..28; 28 takes 2 GiB). */
  constructor(log2Size = 23) {
    if (!Number.isInteger(log2Size) || log2Size < 17 || log2Size > 28) {
      throw new RangeError('log2Size must be an integer from 17 to 28');
    }
    this.size = nextPrime(2 ** log2Size);
    this.entries = new Int32Array(this.size * 2);
    // touch every page now (as Pons' constructor does with memset): otherwise the first search
    // pays a page fault per new page it probes, about 5 ms per 1,000 nodes at 2^24 slots
    this.entries.fill(0);
    this.inverseSize = 1 / this.size;
  }

  /** Empties the table: every stored entry becomes stale. */
  reset(): void {
    this.generationBase += GENERATION_STEP;
    if (this.generationBase > MAX_GENERATION_BASE) {
      this.entries.fill(0);
      this.generationBase = GENERATION_STEP;
    }
  }

  /**
   * Slot of the key `hi * 2^28 + lo` (below 2^49): `key mod size` without the slow floating-point
   * remainder (estimate the quotient, then correct by one).
   */
  slotOf(hi: number, lo: number): number {
    const key = hi * 268435456 + lo;
    const slot = key - Math.floor(key * this.inverseSize) * this.size;
    return slot < 0 ? slot + this.size : slot >= this.size ? slot - this.size : slot;
  }

  /** The value (1..255) stored in `slot` for the key whose low 32 bits are `partialKey`, or 0. */
  get(slot: number, partialKey: number): number {
    const index = slot * 2;
    if (this.entries[index] !== partialKey) return 0;
    const value = this.entries[index + 1]! - this.generationBase;
    return value >>> 0 < GENERATION_STEP ? value : 0;
  }

  /** Stores `value` (1..255) in `slot` for the key whose low 32 bits are `partialKey`. */
  put(slot: number, partialKey: number, value: number): void {
    const index = slot * 2;
    this.entries[index] = partialKey;
    this.entries[index + 1] = this.generationBase + value;
  }
}

const GENERATION_STEP = 256;
// generationBase + 255 must stay a positive int32
const MAX_GENERATION_BASE = 2 ** 31 - 2 * GENERATION_STEP;

function nextPrime(from: number): number {
  let candidate = from % 2 === 0 ? from + 1 : from;
  for (;;) {
    let prime = true;
    for (let d = 3; d * d <= candidate; d += 2) {
      if (candidate % d === 0) {
        prime = false;
        break;
      }
    }
    if (prime) return candidate;
    candidate += 2;
  }
}
