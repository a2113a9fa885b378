/**
 * Transposition table of Pons' solver: a prime number of slots, the slot being `key mod size`.
 * Because the size is an odd prime above `2^log2Size`, the slot and the key's low
 * `49 - log2Size` bits together identify the 49-bit key exactly (Chinese remainder theorem), so
 * there are no false hits.
 *
 * Tables of 2^24 slots or more need at most 25 key bits, which fit beside the 7-bit value in one
 * 32-bit word: 4 bytes a slot in one `Int32Array`, where Pons keeps 5 in two arrays (two cache
 * lines a probe). Measured against the two-word layout on the engine bench: 7–10% less time,
 * the search being bound by the table's memory. Smaller tables need more key bits than fit, so
 * they keep two words a slot, the key's low 32 bits and the value.
 *
 * `reset` clears only the slots written since the last reset when there were few of them (a
 * fresh table per position costs nothing for the many tiny endgame solves), the whole array
 * otherwise (about 1 ms for 64 MB, against the searches of 10 ms and more that wrote so much).
 */
export class TranspositionTable {
  /** Number of slots (a prime). */
  readonly size: number;
  // packed: key's low 25 bits << 7 | value, per slot; otherwise [key's low 32 bits, value]
  private readonly entries: Int32Array;
  private readonly packed: boolean;
  private readonly inverseSize: number;
  // slots written since the last reset, while there are at most `written.length` of them
  private readonly written: Int32Array;
  private writes = 0;

  /**
   * A table with the first prime number of slots at or above `2^log2Size` (17..28): 8 bytes a
   * slot below 24, 4 bytes from 24 (64 MB; 28 takes 1 GiB).
   */
  constructor(log2Size = 24) {
    if (!Number.isInteger(log2Size) || log2Size < 17 || log2Size > 28) {
      throw new RangeError('log2Size must be an integer from 17 to 28');
    }
    this.size = nextPrime(2 ** log2Size);
    this.packed = log2Size >= PACKED_FROM_LOG2;
    this.entries = new Int32Array(this.packed ? this.size : this.size * 2);
    // touch every page now (as Pons' constructor does with memset): otherwise the first search
    // pays a page fault per new page it probes, about 5 ms per 1,000 nodes at 2^24 slots
    this.entries.fill(0);
    this.inverseSize = 1 / this.size;
    this.written = new Int32Array(this.size >>> WRITE_LOG_SHIFT);
  }

  /** Empties the table. */
  reset(): void {
    const entries = this.entries;
    if (this.writes > this.written.length) {
      entries.fill(0);
    } else if (this.packed) {
      for (let i = 0; i < this.writes; i++) entries[this.written[i]!] = 0;
    } else {
      // both words: a key of 0 is a real key, whose slot must then read as value 0
      for (let i = 0; i < this.writes; i++) {
        const index = this.written[i]! * 2;
        entries[index] = 0;
        entries[index + 1] = 0;
      }
    }
    this.writes = 0;
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

  /** The value (1..127) stored in `slot` for the key whose low 32 bits are `partialKey`, or 0. */
  get(slot: number, partialKey: number): number {
    if (this.packed) {
      const entry = this.entries[slot]!;
      return entry >>> VALUE_BITS === (partialKey & PACKED_KEY_MASK) ? entry & VALUE_MASK : 0;
    }
    const index = slot * 2;
    return this.entries[index] === partialKey ? this.entries[index + 1]! : 0;
  }

  /** Stores `value` (1..127) in `slot` for the key whose low 32 bits are `partialKey`. */
  put(slot: number, partialKey: number, value: number): void {
    if (this.packed) {
      this.entries[slot] = (partialKey << VALUE_BITS) | value;
    } else {
      const index = slot * 2;
      this.entries[index] = partialKey;
      this.entries[index + 1] = value;
    }
    const writes = this.writes;
    if (writes <= this.written.length) {
      // one past the log's length marks an overflow; the count stops there
      if (writes < this.written.length) this.written[writes] = slot;
      this.writes = writes + 1;
    }
  }
}

const VALUE_BITS = 7;
const VALUE_MASK = (1 << VALUE_BITS) - 1;
// 49 - 24 key bits identify a key in a table of more than 2^24 slots
const PACKED_FROM_LOG2 = 24;
const PACKED_KEY_MASK = (1 << (32 - VALUE_BITS)) - 1;
// the log holds up to one slot in 256: clearing that many scattered slots costs about a full fill
const WRITE_LOG_SHIFT = 8;

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
