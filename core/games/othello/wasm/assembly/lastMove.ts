/**
 * The scores at the end of the search: a finished board's (empties go to the winner, the FFO
 * scoring), and the last move's on a board with one empty square.
 */
import { lastFlips } from './lastFlips';
import { neighbours } from './squares';

export function finalScore(p: u64, o: u64, empties: i32): i32 {
  const diff = <i32>popcnt(p) - <i32>popcnt(o);
  return diff > 0 ? diff + empties : diff < 0 ? diff - empties : 0;
}

/** The final score for `p` to move with `square` the last empty: it plays, else the opponent does. */
export function lastMove(square: i32, p: u64, o: u64): i32 {
  const discs = 2 * <i32>popcnt(p);
  // a side with no disc next to the square flips nothing there
  const around = load<u64>(neighbours + ((<usize>square) << 3));
  let flipped = (o & around) !== 0 ? lastFlips(square, p) : 0;
  if (flipped > 0) return discs + 2 * flipped - 62;
  flipped = (p & around) !== 0 ? lastFlips(square, o) : 0;
  if (flipped > 0) return discs - 2 * flipped - 64;
  return discs - 63 > 0 ? discs - 62 : discs - 64;
}
