import { flips, lowestBit, mobility, out } from './bitboard.ts';

/**
 * Leaf count of the move tree `depth` plies deep from the position (`p` to move against `o`),
 * a pass counting as a move and a finished game as a leaf, as the published counts do
 * (4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288, 24571284 from the start).
 */
export function perftFrom(
  pLo: number,
  pHi: number,
  oLo: number,
  oHi: number,
  depth: number,
): number {
  if (depth === 0) return 1;
  mobility(pLo, pHi, oLo, oHi);
  let movesLo = out.lo;
  let movesHi = out.hi;
  if ((movesLo | movesHi) === 0) {
    mobility(oLo, oHi, pLo, pHi);
    if ((out.lo | out.hi) === 0) return 1;
    return perftFrom(oLo, oHi, pLo, pHi, depth - 1);
  }
  if (depth === 1) return popcountPair(movesLo, movesHi);
  let count = 0;
  while (movesLo !== 0) {
    const square = lowestBit(movesLo);
    movesLo &= movesLo - 1;
    flips(square, pLo, pHi, oLo, oHi);
    const fLo = out.lo | (1 << square);
    const fHi = out.hi;
    count += perftFrom(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi, depth - 1);
  }
  while (movesHi !== 0) {
    const bit = lowestBit(movesHi);
    movesHi &= movesHi - 1;
    flips(bit + 32, pLo, pHi, oLo, oHi);
    const fLo = out.lo;
    const fHi = out.hi | (1 << bit);
    count += perftFrom(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi, depth - 1);
  }
  return count;
}

function popcountPair(lo: number, hi: number): number {
  let count = 0;
  for (let x = lo; x !== 0; x &= x - 1) count++;
  for (let x = hi; x !== 0; x &= x - 1) count++;
  return count;
}
