/**
 * The endgame solver's move-order terms beside mobility: our corner discs and the edge discs
 * beside them (stable, so worth having), and the squares next to a set of discs (potential
 * mobility). `solver.ts` weighs them into each move's key.
 */

const NOT_A: u64 = 0xfefefefe * <u64>0x100000001;
const NOT_H: u64 = 0x7f7f7f7f * <u64>0x100000001;
export const CORNERS: u64 = ((<u64>0x81000000) << 32) | 0x81;

// the weight of our corner discs (and their edge neighbours) in the move order, a quarter of a
// reply: FFO #42, 109M nodes to 104M (2 and 6 gave 105M and 109M)
export const CORNER_WEIGHT: i32 = 4;

/** Owned corners and the edge squares of ours beside an owned corner. */
export function cornerStable(discs: u64): i32 {
  const corners = discs & CORNERS;
  const beside =
    ((corners << 1) & NOT_A) | ((corners >> 1) & NOT_H) | (corners << 8) | (corners >> 8);
  return <i32>popcnt(corners | (beside & discs));
}

/** The squares next to `discs`. */
export function around(discs: u64): u64 {
  const west = (discs >> 1) & NOT_H;
  const east = (discs << 1) & NOT_A;
  const row = discs | west | east;
  return west | east | (row << 8) | (row >> 8);
}
