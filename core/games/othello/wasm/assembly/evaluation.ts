/**
 * The midgame evaluation of `../../evaluation.ts` with the balanced weights, the endgame
 * solver's ordering term from 14 empties: the same points for the same position.
 */
import { mobility } from './bitboard';

const MOBILITY: i32 = 10;
const CORNER: i32 = 90;
const X_SQUARE: i32 = 40;
const STABILITY: i32 = 14;
const PARITY: i32 = 12;
const CORNERS: u64 = ((<u64>0x81000000) << 32) | 0x81;

/** Static evaluation for the side to move `p`, in points. */
export function evaluate(p: u64, o: u64): i32 {
  let score = MOBILITY * (<i32>popcnt(mobility(p, o)) - <i32>popcnt(mobility(o, p)));
  score += CORNER * (<i32>popcnt(p & CORNERS) - <i32>popcnt(o & CORNERS));
  const empty = ~(p | o);
  // an X-square (b2, g2, b7, g7) only hurts while its corner (a1, h1, a8, h8) is empty
  const openX =
    ((empty & 1) << 9) |
    ((empty & 0x80) << 7) |
    ((empty >> 7) & ((<u64>1) << 49)) |
    ((empty >> 9) & ((<u64>1) << 54));
  score -= X_SQUARE * <i32>popcnt(p & openX);
  score += X_SQUARE * <i32>popcnt(o & openX);
  score += STABILITY * (edgeStable(p) - edgeStable(o));
  const empties = <i32>popcnt(empty);
  if (empties < 20) score += (empties & 1) !== 0 ? PARITY : -PARITY;
  return score;
}

/** Discs on edges, stable because they run unbroken from an owned corner. */
function edgeStable(discs: u64): i32 {
  let fileA: u32 = 0;
  let fileH: u32 = 0;
  for (let rank = 0; rank < 8; rank++) {
    fileA |= (<u32>(discs >> <u64>(rank * 8)) & 1) << rank;
    fileH |= (<u32>(discs >> <u64>(rank * 8 + 7)) & 1) << rank;
  }
  return runs(<u32>discs & 0xff) + runs(<u32>(discs >> 56) & 0xff) + runs(fileA) + runs(fileH);
}

/** The run of an 8-bit edge from its low end plus the one from its high end, a full edge once. */
function runs(edge: u32): i32 {
  const fromLow = <i32>ctz(~edge);
  const fromHigh = <i32>clz(~edge & 0xff) - 24;
  return fromLow + (fromHigh === 8 ? 0 : fromHigh);
}
