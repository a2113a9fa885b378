/**
 * Geometry of the 32 playable squares. Square `s` of the standard numbering (1–32) is bit
 * `s - 1` of a 32-bit board. Row 0 holds squares 1–4 (dark's back rank), row 7 squares 29–32
 * (light's); even rows use columns 1, 3, 5, 7 and odd rows columns 0, 2, 4, 6, so square 1 sits
 * at row 0, column 1. Dark moves first, towards the higher numbers.
 */

/** Number of playable squares. */
export const SQUARES = 32;

/**
 * Directions: 0 and 1 go down the board (higher numbers, dark men's forward), 2 and 3 go up
 * (light men's forward). Kings use all four.
 */
export const DIRECTIONS = 4;

/** Squares one diagonal step away, `STEP[square * 4 + direction]`, or -1 off the board. */
export const STEP = new Int8Array(SQUARES * DIRECTIONS).fill(-1);
/** Landing squares two steps away (over `STEP`), or -1 off the board. */
export const JUMP = new Int8Array(SQUARES * DIRECTIONS).fill(-1);

/** Row 0..7 of a square index 0..31. */
export function rowOf(square: number): number {
  return square >> 2;
}

/** Column 0..7 of a square index 0..31. */
export function columnOf(square: number): number {
  const row = square >> 2;
  return (square & 3) * 2 + (row % 2 === 0 ? 1 : 0);
}

/** Square index 0..31 at (row, column), or -1 for a light square or off the board. */
export function squareAt(row: number, column: number): number {
  if (row < 0 || row > 7 || column < 0 || column > 7 || (row + column) % 2 === 0) return -1;
  return row * 4 + (column >> 1);
}

const ROW_STEP = [1, 1, -1, -1] as const;
const COLUMN_STEP = [-1, 1, -1, 1] as const;
for (let square = 0; square < SQUARES; square++) {
  for (let direction = 0; direction < DIRECTIONS; direction++) {
    const row = rowOf(square);
    const column = columnOf(square);
    const dr = ROW_STEP[direction]!;
    const dc = COLUMN_STEP[direction]!;
    STEP[square * DIRECTIONS + direction] = squareAt(row + dr, column + dc);
    if (squareAt(row + dr, column + dc) >= 0) {
      JUMP[square * DIRECTIONS + direction] = squareAt(row + 2 * dr, column + 2 * dc);
    }
  }
}

// Per direction: how far the landing square and the jumped square sit from a square, as bit
// shifts (the jumped square's distance depends on the row's parity), and which squares can jump.
const LANDING_SHIFT = new Int8Array(DIRECTIONS);
const OVER_SHIFT_EVEN = new Int8Array(DIRECTIONS);
const OVER_SHIFT_ODD = new Int8Array(DIRECTIONS);
const CAN_JUMP = new Int32Array(DIRECTIONS);
const EVEN_ROWS = 0x0f0f0f0f;
for (let direction = 0; direction < DIRECTIONS; direction++) {
  for (let square = 0; square < SQUARES; square++) {
    const landing = JUMP[square * DIRECTIONS + direction]!;
    if (landing < 0) continue;
    CAN_JUMP[direction] = CAN_JUMP[direction]! | (1 << square);
    LANDING_SHIFT[direction] = landing - square;
    const over = STEP[square * DIRECTIONS + direction]! - square;
    if (rowOf(square) % 2 === 0) OVER_SHIFT_EVEN[direction] = over;
    else OVER_SHIFT_ODD[direction] = over;
  }
}

// bit i of the result is bit i + n of `bits`
function shiftDown(bits: number, n: number): number {
  return n >= 0 ? bits >>> n : bits << -n;
}

/**
 * Pieces of `pieces` with a first jump in directions `first..last-1`: over an `enemy` piece
 * onto an `empty` square. Bitwise, so positions without captures (most) cost a few operations.
 */
export function jumpers(
  pieces: number,
  enemy: number,
  empty: number,
  first: number,
  last: number,
): number {
  let found = 0;
  for (let d = first; d < last; d++) {
    const over =
      (shiftDown(enemy, OVER_SHIFT_EVEN[d]!) & EVEN_ROWS) |
      (shiftDown(enemy, OVER_SHIFT_ODD[d]!) & ~EVEN_ROWS);
    found |= pieces & CAN_JUMP[d]! & over & shiftDown(empty, LANDING_SHIFT[d]!);
  }
  return found;
}

/** Squares where a man of each side is crowned: dark on row 7, light on row 0. */
export const CROWN_ROW = [0xf0000000 | 0, 0x0000000f] as const;

/** Bits set in a 32-bit word (Hamming weight). */
export function popcount32(bits: number): number {
  let v = bits - ((bits >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) | 0;
}

/** Index of the lowest set bit of a non-zero word. */
export function lowestSquare(bits: number): number {
  return 31 - Math.clz32(bits & -bits);
}

/** The squares (0..31) of a board's set bits, lowest first. */
export function squaresOf(bits: number): number[] {
  const squares: number[] = [];
  for (let rest = bits; rest !== 0; rest &= rest - 1) squares.push(lowestSquare(rest));
  return squares;
}
