import { flips, out, popcount32 } from './bitboard.ts';

// Scores of finished and one-empty positions: the endgame solver's leaves, also the midgame
// search's when the game ends inside it.

/** Disc difference of a finished game for `p`, the empty squares going to the winner. */
export function finalScore(pLo: number, pHi: number, oLo: number, oHi: number, empties: number) {
  const diff = popcount32(pLo) + popcount32(pHi) - popcount32(oLo) - popcount32(oHi);
  return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

/** Score with one empty `square` left: the mover plays it, else the opponent, else nobody. */
export function lastMove(
  square: number,
  pLo: number,
  pHi: number,
  oLo: number,
  oHi: number,
): number {
  const discs = popcount32(pLo) + popcount32(pHi);
  flips(square, pLo, pHi, oLo, oHi);
  let flipped = popcount32(out.lo) + popcount32(out.hi);
  if (flipped > 0) return 2 * discs + 2 * flipped - 62;
  flips(square, oLo, oHi, pLo, pHi);
  flipped = popcount32(out.lo) + popcount32(out.hi);
  if (flipped > 0) return 2 * discs - 2 * flipped - 64;
  return 2 * discs - 63 > 0 ? 2 * discs - 62 : 2 * discs - 64;
}
