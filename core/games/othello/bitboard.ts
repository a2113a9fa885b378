/**
 * Othello bitboards in 32-bit halves: square index = (rank - 1) * 8 + file (a1 = 0, h8 = 63);
 * `lo` holds squares 0..31 (ranks 1-4), `hi` squares 32..63. No BigInt: every operation is a
 * pair of 32-bit integer operations, which V8 keeps in registers.
 *
 * Functions that produce a 64-bit set write its halves to `out.lo` / `out.hi` rather than
 * returning an object, so the search allocates nothing per node.
 */

/** Scratch output of the bitboard functions: the last 64-bit result, as two halves. */
export const out = { lo: 0, hi: 0 };

const NOT_A = 0xfefefefe | 0;
const NOT_H = 0x7f7f7f7f;

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Squares a shift towards higher indices by `n` (1, 7, 8 or 9) reaches, masked for wrap. */
function fillUp(pLo: number, pHi: number, oLo: number, oHi: number, n: number, mask: number): void {
  const back = 32 - n;
  // six steps: the longest run of opponent discs between a mover's disc and an empty square
  let tLo = (pLo << n) & mask & oLo;
  let tHi = ((pHi << n) | (pLo >>> back)) & mask & oHi;
  for (let i = 0; i < 5; i++) {
    const nextHi = ((tHi << n) | (tLo >>> back)) & mask & oHi;
    tLo |= (tLo << n) & mask & oLo;
    tHi |= nextHi;
  }
  out.lo = (tLo << n) & mask;
  out.hi = ((tHi << n) | (tLo >>> back)) & mask;
}

/** The same towards lower indices. */
function fillDown(
  pLo: number,
  pHi: number,
  oLo: number,
  oHi: number,
  n: number,
  mask: number,
): void {
  const back = 32 - n;
  let tHi = (pHi >>> n) & mask & oHi;
  let tLo = ((pLo >>> n) | (pHi << back)) & mask & oLo;
  for (let i = 0; i < 5; i++) {
    const nextLo = ((tLo >>> n) | (tHi << back)) & mask & oLo;
    tHi |= (tHi >>> n) & mask & oHi;
    tLo |= nextLo;
  }
  out.hi = (tHi >>> n) & mask;
  out.lo = ((tLo >>> n) | (tHi << back)) & mask;
}

/** Legal moves of the player with discs `p` against `o`, into `out`. */
export function mobility(pLo: number, pHi: number, oLo: number, oHi: number): void {
  const eLo = ~(pLo | oLo);
  const eHi = ~(pHi | oHi);
  let mLo = 0;
  let mHi = 0;
  fillUp(pLo, pHi, oLo, oHi, 1, NOT_A);
  mLo |= out.lo;
  mHi |= out.hi;
  fillUp(pLo, pHi, oLo, oHi, 7, NOT_H);
  mLo |= out.lo;
  mHi |= out.hi;
  fillUp(pLo, pHi, oLo, oHi, 8, -1);
  mLo |= out.lo;
  mHi |= out.hi;
  fillUp(pLo, pHi, oLo, oHi, 9, NOT_A);
  mLo |= out.lo;
  mHi |= out.hi;
  fillDown(pLo, pHi, oLo, oHi, 1, NOT_H);
  mLo |= out.lo;
  mHi |= out.hi;
  fillDown(pLo, pHi, oLo, oHi, 7, NOT_A);
  mLo |= out.lo;
  mHi |= out.hi;
  fillDown(pLo, pHi, oLo, oHi, 8, -1);
  mLo |= out.lo;
  mHi |= out.hi;
  fillDown(pLo, pHi, oLo, oHi, 9, NOT_H);
  out.lo = (mLo | out.lo) & eLo;
  out.hi = (mHi | out.hi) & eHi;
}

// Rays from each square in the eight directions, nearest square first, -1 past the edge:
// RAYS[(square * 8 + direction) * 8 + step].
const RAYS = new Int8Array(64 * 8 * 8).fill(-1);
const DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;
for (let square = 0; square < 64; square++) {
  for (let d = 0; d < 8; d++) {
    const [df, dr] = DIRECTIONS[d]!;
    let file = (square & 7) + df;
    let rank = (square >> 3) + dr;
    for (let step = 0; file >= 0 && file < 8 && rank >= 0 && rank < 8; step++) {
      RAYS[(square * 8 + d) * 8 + step] = rank * 8 + file;
      file += df;
      rank += dr;
    }
  }
}

/**
 * Discs flipped when the player `p` plays on the empty `square` against `o`, into `out`
 * (both halves 0 when the move flips nothing, that is, is illegal).
 */
export function flips(square: number, pLo: number, pHi: number, oLo: number, oHi: number): void {
  let fLo = 0;
  let fHi = 0;
  const base = square * 64;
  for (let d = 0; d < 8; d++) {
    let rLo = 0;
    let rHi = 0;
    for (let i = base + d * 8, end = i + 8; i < end; i++) {
      const s = RAYS[i]!;
      if (s < 0) break;
      if (s < 32) {
        const bit = 1 << s;
        if (oLo & bit) rLo |= bit;
        else {
          if (pLo & bit) {
            fLo |= rLo;
            fHi |= rHi;
          }
          break;
        }
      } else {
        const bit = 1 << (s - 32);
        if (oHi & bit) rHi |= bit;
        else {
          if (pHi & bit) {
            fLo |= rLo;
            fHi |= rHi;
          }
          break;
        }
      }
    }
  }
  out.lo = fLo;
  out.hi = fHi;
}

/** Index of the lowest set bit of a non-zero 32-bit integer. */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}
