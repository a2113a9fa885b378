// Five 32-bit words an entry: the four halves of the position (checked in full, so a hit is
// never another position) and the bounds and best move packed in one word.
const WORDS = 5;

/**
 * Transposition table of the endgame solver in one `Int32Array`, one entry per slot, always
 * replaced: in an exact solve the empties are fixed by the discs, so every entry is as deep as
 * any other for the same position. `probe` leaves the entry's bounds and move in fields, so a
 * probe allocates nothing.
 */
export class SolverTable {
  /** Bounds and best square (-1 when none) of the last successful probe. */
  lower = -64;
  upper = 64;
  move = -1;
  private readonly entries: Int32Array;
  private readonly mask: number;

  /** A table of `2^log2Size` entries (10..24). */
  constructor(log2Size: number) {
    if (!Number.isInteger(log2Size) || log2Size < 10 || log2Size > 24) {
      throw new RangeError('log2Size must be an integer from 10 to 24');
    }
    this.mask = (1 << log2Size) - 1;
    this.entries = new Int32Array((this.mask + 1) * WORDS);
  }

  /** Empties the table. */
  reset(): void {
    this.entries.fill(0);
  }

  private slot(pLo: number, pHi: number, oLo: number, oHi: number): number {
    let h = Math.imul(pLo ^ Math.imul(pHi, 0x9e3779b1), 0x85ebca6b);
    h ^= Math.imul(oLo ^ Math.imul(oHi, 0xc2b2ae35), 0x27d4eb2f);
    h ^= h >>> 15;
    h = Math.imul(h, 0x2c1b3c6d);
    h ^= h >>> 13;
    return (h & this.mask) * WORDS;
  }

  /** Whether the position is in the table; if so its bounds and move are in the fields. */
  probe(pLo: number, pHi: number, oLo: number, oHi: number): boolean {
    const e = this.entries;
    const i = this.slot(pLo, pHi, oLo, oHi);
    if (e[i] !== pLo || e[i + 1] !== pHi || e[i + 2] !== oLo || e[i + 3] !== oHi) return false;
    const packed = e[i + 4]!;
    this.lower = (packed & 0xff) - 64;
    this.upper = ((packed >>> 8) & 0xff) - 64;
    this.move = ((packed >>> 16) & 0xff) - 1;
    return true;
  }

  /** Records bounds (-64..64) and the best square (-1 for none) of a position. */
  store(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    lower: number,
    upper: number,
    move: number,
  ) {
    const e = this.entries;
    const i = this.slot(pLo, pHi, oLo, oHi);
    e[i] = pLo;
    e[i + 1] = pHi;
    e[i + 2] = oLo;
    e[i + 3] = oHi;
    e[i + 4] = (lower + 64) | ((upper + 64) << 8) | ((move + 1) << 16);
  }
}
