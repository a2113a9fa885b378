import type { AgentStyle } from '#core/agents/traits.ts';
import { mobility, out, popcount32 } from './bitboard.ts';

// X-squares (b2, g2, b7, g7) and the corner each one gives away while that corner is empty.
const X_SQUARES_LO = (1 << 9) | (1 << 14);
const X_SQUARES_HI = (1 << 17) | (1 << 22);

/** Weights of the evaluation terms, per style: how much each feature is worth in points. */
export interface EvaluationWeights {
  mobility: number;
  corner: number;
  xSquare: number;
  stability: number;
  parity: number;
}

/** The weights of each style: aggressive chases mobility, defensive hoards stable discs. */
export const STYLE_WEIGHTS: Record<AgentStyle, EvaluationWeights> = {
  aggressive: { mobility: 14, corner: 80, xSquare: 30, stability: 8, parity: 10 },
  balanced: { mobility: 10, corner: 90, xSquare: 40, stability: 14, parity: 12 },
  defensive: { mobility: 7, corner: 100, xSquare: 45, stability: 22, parity: 12 },
};

/** Discs of `lo`/`hi` on edges, stable because they run unbroken from an owned corner. */
export function edgeStable(lo: number, hi: number): number {
  let count = 0;
  // bottom edge (rank 1) from a1 rightwards and from h1 leftwards
  count += runLength(lo & 0xff, 1, 0, 8) + runLength(lo & 0xff, -1, 7, 8);
  const top = (hi >>> 24) & 0xff;
  count += runLength(top, 1, 0, 8) + runLength(top, -1, 7, 8);
  // the a and h files: bit r of the column word is rank r + 1
  let fileA = 0;
  let fileH = 0;
  for (let rank = 0; rank < 8; rank++) {
    const half = rank < 4 ? lo : hi;
    const shift = (rank & 3) * 8;
    fileA |= ((half >>> shift) & 1) << rank;
    fileH |= ((half >>> (shift + 7)) & 1) << rank;
  }
  count += runLength(fileA, 1, 0, 8) + runLength(fileA, -1, 7, 8);
  count += runLength(fileH, 1, 0, 8) + runLength(fileH, -1, 7, 8);
  return count;
}

function runLength(bits: number, step: number, start: number, length: number): number {
  let n = 0;
  for (let i = start; i >= 0 && i < length && (bits >>> i) & 1; i += step) n++;
  // a full edge is counted from both corners: count it once
  return n === length && step < 0 ? 0 : n;
}

/**
 * Static evaluation for the side to move `p`, in points (a corner is worth about 90): mobility,
 * corners, X-squares next to empty corners, edge stability and, with few empties, parity.
 */
export function evaluate(
  pLo: number,
  pHi: number,
  oLo: number,
  oHi: number,
  weights: EvaluationWeights,
): number {
  mobility(pLo, pHi, oLo, oHi);
  const myMoves = popcount32(out.lo) + popcount32(out.hi);
  mobility(oLo, oHi, pLo, pHi);
  const theirMoves = popcount32(out.lo) + popcount32(out.hi);
  let score = weights.mobility * (myMoves - theirMoves);
  const corners = (lo: number, hi: number) => popcount32(lo & 0x81) + popcount32(hi & 0x81000000);
  score += weights.corner * (corners(pLo, pHi) - corners(oLo, oHi));
  const emptyLo = ~(pLo | oLo);
  const emptyHi = ~(pHi | oHi);
  // an X-square only hurts while its corner is empty
  const openX = X_SQUARES_LO & (((emptyLo & 1) << 9) | ((emptyLo & 0x80) << 7));
  const openXHi = X_SQUARES_HI & (((emptyHi >>> 7) & (1 << 17)) | ((emptyHi >>> 9) & (1 << 22)));
  score -= weights.xSquare * (popcount32(pLo & openX) + popcount32(pHi & openXHi));
  score += weights.xSquare * (popcount32(oLo & openX) + popcount32(oHi & openXHi));
  score += weights.stability * (edgeStable(pLo, pHi) - edgeStable(oLo, oHi));
  const empties = popcount32(emptyLo) + popcount32(emptyHi);
  // with an odd number of empties the mover should get the last move of the game
  if (empties < 20) score += empties & 1 ? weights.parity : -weights.parity;
  return score;
}
