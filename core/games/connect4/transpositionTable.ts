/**
 * Transposition table of Pons' solver: a prime number of slots, each keeping the low 32 bits of
 * the 49-bit key and one byte of value. Because the slot is `key mod size` and the size is an odd
 * prime above 2^17, the slot and the stored 32 bits together identify the key exactly (Chinese
 * remainder theorem), so there are no false hits.
 */
export class TranspositionTable {
  /** Number of slots (a prime). */
  readonly size: number;
  private readonly keys: Uint32Array;
  private readonly values: Uint8Array;
  private readonly inverseSize: number;

  /** A table with the first prime number of slots at or above `2^log2Size` (17..26). */
  constructor(log2Size = 23) {
    if (!Number.isInteger(log2Size) || log2Size < 17 || log2Size > 26) {
      throw new RangeError('log2Size must be an integer from 17 to 26');
    }
    this.size = nextPrime(2 ** log2Size);
    this.keys = new Uint32Array(this.size);
    this.values = new Uint8Array(this.size);
    this.inverseSize = 1 / this.size;
  }

  /** Empties the table (values 0 mean "nothing stored"). */
  reset(): void {
    this.values.fill(0);
  }

  /** Stores `value` (1..255) for the key given as its high and low 32-bit halves. */
  put(keyHi: number, keyLo: number, value: number): void {
    const slot = this.slotOf(keyHi, keyLo);
    this.keys[slot] = keyLo;
    this.values[slot] = value;
  }

  /** The value stored for the key, or 0. */
  get(keyHi: number, keyLo: number): number {
    const slot = this.slotOf(keyHi, keyLo);
    return this.keys[slot] === keyLo >>> 0 ? this.values[slot]! : 0;
  }

  /** `key mod size` without the slow floating-point remainder: estimate, then correct by one. */
  private slotOf(keyHi: number, keyLo: number): number {
    const key = keyHi * 4294967296 + (keyLo >>> 0);
    const slot = key - Math.floor(key * this.inverseSize) * this.size;
    return slot < 0 ? slot + this.size : slot >= this.size ? slot - this.size : slot;
  }
}

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
