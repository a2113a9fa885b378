/**
 * Connect Four bitboards split across two 32-bit integers, without BigInt or per-node objects.
 *
 * Layout (Pascal Pons'): bit `col * 7 + row`, row 0 at the bottom, row 6 a sentinel that stays
 * empty so shifts never bleed from one column into the next. The 49 bits live in a pair split at
 * a column boundary: bits 0..27 (columns 1-4) in `lo`, bits 28..48 (columns 5-7) in `hi`. With
 * whole columns in each word, vertical shifts and the `mask + bottom` / `current + mask` sums
 * never carry from one word into the other, and `hi * 2^28 + lo` is Pons' 49-bit value.
 * Functions that produce a board write it to `pairOut` so the hot loops allocate nothing.
 */

/** Board width in columns. */
export const WIDTH = 7;
/** Board height in rows. */
export const HEIGHT = 6;
/** Bits per column: the rows plus one sentinel. */
export const COLUMN_BITS = HEIGHT + 1;
/** Number of cells on the board. */
export const CELLS = WIDTH * HEIGHT;
/** Bits held by the low word: the first four columns. */
export const LOW_BITS = 28;

/** Lowest score a position can have (Pons' convention: loss on the opponent's 21st stone + 1). */
export const MIN_SCORE = -(CELLS / 2) + 3;
/** Highest score a position can have. */
export const MAX_SCORE = Math.floor((CELLS + 1) / 2) - 3;

/** Scratch output of the pair functions: `[lo, hi]`. Read it right after the call. */
export const pairOut = new Int32Array(2);
/** High half of the last `winningCells` result (the low half is its return value). */
export let winningHi = 0;

function maskOfBits(bits: readonly number[]): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const bit of bits) {
    if (bit < LOW_BITS) lo |= 1 << bit;
    else hi |= 1 << (bit - LOW_BITS);
  }
  return [lo, hi];
}

const bottomBits: number[] = [];
const boardBits: number[] = [];
for (let col = 0; col < WIDTH; col++) {
  bottomBits.push(col * COLUMN_BITS);
  for (let row = 0; row < HEIGHT; row++) boardBits.push(col * COLUMN_BITS + row);
}

/** One bit at the bottom of each column, low half. */
export const [BOTTOM_LO, BOTTOM_HI] = maskOfBits(bottomBits);
/** Every playable cell, low half / high half. */
export const [BOARD_LO, BOARD_HI] = maskOfBits(boardBits);

/** Column masks (0-based column), low and high halves. */
export const COLUMN_LO = new Int32Array(WIDTH);
/** @see COLUMN_LO */
export const COLUMN_HI = new Int32Array(WIDTH);
for (let col = 0; col < WIDTH; col++) {
  const cells = Array.from({ length: HEIGHT }, (_, row) => col * COLUMN_BITS + row);
  [COLUMN_LO[col], COLUMN_HI[col]] = maskOfBits(cells);
}

/** Centre-first exploration order (0-based columns): 3, 2, 4, 1, 5, 0, 6. */
export const COLUMN_ORDER = Int32Array.from([3, 2, 4, 1, 5, 0, 6]);

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

/**
 * Empty cells that would complete an alignment of four for the stones `(pl, ph)`, given the
 * occupied cells `(ml, mh)`. Returns the low half; the high half is left in `winningHi`. Pons'
 * `compute_winning_position` with every 49-bit shift spelled out on the two words: a left shift
 * by s is `(pl << s, ph << s | pl >>> 28 - s)`, a right shift `(pl >>> s | ph << 28 - s, ph >>> s)`.
 * Bits pushed past a word's columns are garbage, cleared by the final mask (only the inputs are
 * ever shifted). Vertical shifts need no carry: below column 5 lies column 4's empty sentinel.
 */
export function winningCells(pl: number, ph: number, ml: number, mh: number): number {
  // vertical: three stones below the cell
  let rl = (pl << 1) & (pl << 2) & (pl << 3);
  let rh = (ph << 1) & (ph << 2) & (ph << 3);
  let al: number;
  let ah: number;
  // horizontal: stones 7, 14, 21 bits before or after the cell
  al = (pl << 7) & (pl << 14);
  ah = ((ph << 7) | (pl >>> 21)) & ((ph << 14) | (pl >>> 14));
  rl |= al & ((pl << 21) | (pl >>> 7) | (ph << 21));
  rh |= ah & ((ph << 21) | (pl >>> 7) | (ph >>> 7));
  al = ((pl >>> 7) | (ph << 21)) & ((pl >>> 14) | (ph << 14));
  ah = (ph >>> 7) & (ph >>> 14);
  rl |= al & ((pl << 7) | (pl >>> 21) | (ph << 7));
  rh |= ah & ((ph << 7) | (pl >>> 21) | (ph >>> 21));
  // diagonal /: stones 6, 12, 18 bits before or after the cell
  al = (pl << 6) & (pl << 12);
  ah = ((ph << 6) | (pl >>> 22)) & ((ph << 12) | (pl >>> 16));
  rl |= al & ((pl << 18) | (pl >>> 6) | (ph << 22));
  rh |= ah & ((ph << 18) | (pl >>> 10) | (ph >>> 6));
  al = ((pl >>> 6) | (ph << 22)) & ((pl >>> 12) | (ph << 16));
  ah = (ph >>> 6) & (ph >>> 12);
  rl |= al & ((pl << 6) | (pl >>> 18) | (ph << 10));
  rh |= ah & ((ph << 6) | (pl >>> 22) | (ph >>> 18));
  // diagonal \\: stones 8, 16, 24 bits before or after the cell
  al = (pl << 8) & (pl << 16);
  ah = ((ph << 8) | (pl >>> 20)) & ((ph << 16) | (pl >>> 12));
  rl |= al & ((pl << 24) | (pl >>> 8) | (ph << 20));
  rh |= ah & ((ph << 24) | (pl >>> 4) | (ph >>> 8));
  al = ((pl >>> 8) | (ph << 20)) & ((pl >>> 16) | (ph << 12));
  ah = (ph >>> 8) & (ph >>> 16);
  rl |= al & ((pl << 8) | (pl >>> 24) | (ph << 4));
  rh |= ah & ((ph << 8) | (pl >>> 20) | (ph >>> 24));
  winningHi = rh & (BOARD_HI ^ mh);
  return rl & (BOARD_LO ^ ml);
}

/** Cells where the next stone of each column would land: `(mask + bottom) & board`. */
export function playableCells(ml: number, mh: number): void {
  pairOut[0] = (ml + BOTTOM_LO) & BOARD_LO;
  pairOut[1] = (mh + BOTTOM_HI) & BOARD_HI;
}

/** True when the stones `(pl, ph)` contain four in a row (Pons' `alignment`). */
export function hasAlignment(pl: number, ph: number): boolean {
  for (const dir of [1, 6, 7, 8]) {
    const ml = pl & ((pl >>> dir) | (ph << (LOW_BITS - dir)));
    const mh = ph & (ph >>> dir);
    const d2 = dir * 2;
    const l = ml & ((ml >>> d2) | (mh << (LOW_BITS - d2)));
    const h = mh & (mh >>> d2);
    if ((l | h) !== 0) return true;
  }
  return false;
}
