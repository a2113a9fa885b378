/**
 * The endgame solver's last empties (`SHALLOW_EMPTIES` and fewer, see solver.ts): no table and no
 * move sorting, the empties packed into one word instead of the list, odd quadrants first, and
 * three and two empties unrolled. Each node counts itself as the search's do (budget.ts).
 */

import { flips } from './bitboard';
import { budgetSpent, CLOCK_CHECK_EVERY, nodes, stopped } from './budget';
import { finalScore, lastMove } from './lastMove';
import { neighbours, quadrant } from './squares';
import { stableBound } from './stability';

// The last empties without the list: `squares` holds them in list order (see packEmpties), and
// a child gets the others in the same order, which is the order the list would give it; `odd`
// has a bit for each quadrant holding an odd number of them.
export function shallow(
  p: u64,
  o: u64,
  alphaIn: i32,
  beta: i32,
  empties: i32,
  squares: u64,
  odd: i32,
  passed: bool,
): i32 {
  // biome-ignore lint/suspicious/noImportAssign: the count is one global (budget.ts)
  if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
  if (empties === 1) return lastMove(<i32>(squares & 63), p, o);
  if (empties === 2) return lastTwo(p, o, alphaIn, beta, squares, passed);
  if (empties === 3) return lastThree(p, o, alphaIn, beta, squares, odd, passed);
  const bound = stableBound(p, o, alphaIn, empties);
  if (bound <= alphaIn) return bound;
  let alpha = alphaIn;
  let best = -65;
  // odd quadrants first: the last move of a region is worth having
  for (let wanted = 1; wanted >= 0; wanted--) {
    for (let shift: u64 = 0; shift < <u64>(empties * 6); shift += 6) {
      const square = <i32>((squares >> shift) & 63);
      if (((odd >> quadrant(square)) & 1) !== wanted) continue;
      if ((o & load<u64>(neighbours + ((<usize>square) << 3))) === 0) continue;
      let flipped = flips(square, p, o);
      if (flipped === 0) continue;
      flipped |= (<u64>1) << (<u64>square);
      const others = (squares & (((<u64>1) << shift) - 1)) | ((squares >> (shift + 6)) << shift);
      const child = odd ^ (1 << quadrant(square));
      const score = -shallow(
        o & ~flipped,
        p | flipped,
        -beta,
        -alpha,
        empties - 1,
        others,
        child,
        false,
      );
      if (stopped !== 0) return 0;
      if (score > best) {
        best = score;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) return best;
        }
      }
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(p, o, empties);
  return -shallow(o, p, -beta, -alpha, empties, squares, odd, true);
}

// Three empties: the shallow search without its parity passes, the same order and nodes. All
// three are in odd quadrants, or one is (2 + 1) and goes first; the others keep list order.
function lastThree(
  p: u64,
  o: u64,
  alphaIn: i32,
  beta: i32,
  squares: u64,
  odd: i32,
  passed: bool,
): i32 {
  // positions in the list to try, two bits each: 0 1 2, or the odd one first
  let order = 0b100100;
  if (((odd >> quadrant(<i32>(squares & 63))) & 1) === 0) {
    order = ((odd >> quadrant(<i32>((squares >> 6) & 63))) & 1) !== 0 ? 0b100001 : 0b010010;
  }
  let alpha = alphaIn;
  let best = -65;
  for (let k = 0; k < 6; k += 2) {
    const shift = <u64>(((order >> k) & 3) * 6);
    const square = <i32>((squares >> shift) & 63);
    if ((o & load<u64>(neighbours + ((<usize>square) << 3))) === 0) continue;
    let flipped = flips(square, p, o);
    if (flipped === 0) continue;
    flipped |= (<u64>1) << (<u64>square);
    const others = (squares & (((<u64>1) << shift) - 1)) | ((squares >> (shift + 6)) << shift);
    // biome-ignore lint/suspicious/noImportAssign: the count is one global (budget.ts)
    if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
    const score = -lastTwo(o & ~flipped, p | flipped, -beta, -alpha, others, false);
    if (stopped !== 0) return 0;
    if (score > best) {
      best = score;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) return best;
      }
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(p, o, 3);
  return -shallow(o, p, -beta, -alpha, 3, squares, odd, true);
}

// Two empties: both are alone in their quadrants or share one, so both are odd or both even and
// the parity order is the list order; each child is a counted node with one empty.
function lastTwo(p: u64, o: u64, alphaIn: i32, beta: i32, squares: u64, passed: bool): i32 {
  const first = <i32>(squares & 63);
  const second = <i32>((squares >> 6) & 63);
  let best = -65;
  if ((o & load<u64>(neighbours + ((<usize>first) << 3))) !== 0) {
    const flipped = flips(first, p, o);
    if (flipped !== 0) {
      const played = flipped | ((<u64>1) << (<u64>first));
      // biome-ignore lint/suspicious/noImportAssign: the count is one global (budget.ts)
      if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
      best = -lastMove(second, o & ~played, p | played);
      if (best >= beta) return best;
    }
  }
  if ((o & load<u64>(neighbours + ((<usize>second) << 3))) !== 0) {
    const flipped = flips(second, p, o);
    if (flipped !== 0) {
      const played = flipped | ((<u64>1) << (<u64>second));
      // biome-ignore lint/suspicious/noImportAssign: the count is one global (budget.ts)
      if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
      const score = -lastMove(first, o & ~played, p | played);
      if (score > best) best = score;
    }
  }
  if (best > -65) return best;
  if (passed) return finalScore(p, o, 2);
  // two empties: their quadrants' parity is not used any more
  return -shallow(o, p, -beta, -alphaIn, 2, squares, 0, true);
}
