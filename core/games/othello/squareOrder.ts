/**
 * Static knowledge of the 8x8 board shared by the searches: a positional weight per square
 * (corners good, the squares next to them bad until the corner is taken), the squares sorted
 * by it (the order both searches try moves in), the quadrant of each square (for parity) and
 * its neighbours (a move needs an opponent disc next to it).
 */

/** Positional weight of each square, a1 first; symmetric in both axes and the diagonals. */
export const SQUARE_WEIGHT = new Int8Array(64);
const QUARTER = [
  [100, -20, 10, 5],
  [-20, -50, -2, -2],
  [10, -2, 1, 1],
  [5, -2, 1, 0],
];
for (let square = 0; square < 64; square++) {
  const file = square & 7;
  const rank = square >> 3;
  SQUARE_WEIGHT[square] = QUARTER[Math.min(rank, 7 - rank)]![Math.min(file, 7 - file)]!;
}

/** All squares, best weight first (ties in index order): corners, then A-squares, …, X-squares. */
export const SQUARES_BY_WEIGHT: readonly number[] = Array.from({ length: 64 }, (_, i) => i).sort(
  (a, b) => SQUARE_WEIGHT[b]! - SQUARE_WEIGHT[a]! || a - b,
);

/** Quadrant of each square (0 a1-d4, 1 e1-h4, 2 a5-d8, 3 e5-h8). */
export const QUADRANT = new Int8Array(64);
/** Neighbours of each square as [lo, hi] halves: NEIGHBOURS[square * 2], [square * 2 + 1]. */
export const NEIGHBOURS = new Int32Array(128);
for (let square = 0; square < 64; square++) {
  const file = square & 7;
  const rank = square >> 3;
  QUADRANT[square] = (rank >= 4 ? 2 : 0) + (file >= 4 ? 1 : 0);
  for (let dr = -1; dr <= 1; dr++) {
    for (let df = -1; df <= 1; df++) {
      const f = file + df;
      const r = rank + dr;
      if ((df === 0 && dr === 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
      const n = r * 8 + f;
      NEIGHBOURS[square * 2 + (n >> 5)]! |= 1 << (n & 31);
    }
  }
}
