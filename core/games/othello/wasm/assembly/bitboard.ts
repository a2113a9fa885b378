/**
 * Othello bitboards in one 64-bit word (a1 = bit 0, h8 = bit 63), as `../../bitboard.ts` has
 * them in two halves: legal moves by shift-and-mask fills, flips by one ray mask a direction.
 */

// the opponent's discs a horizontal or diagonal fill may cross: not on the a or h file
// the highest square, h8
const HIGH_BIT: u64 = (<u64>1) << 63;
const INNER: u64 = 0x7e7e7e7e * <u64>0x100000001;

/** Moves of `p` in one direction pair (`shift` and its opposite): Edax's get_some_moves. */
function movesAlong(p: u64, mask: u64, shift: u64): u64 {
  let up = mask & (p << shift);
  let down = mask & (p >> shift);
  up |= mask & (up << shift);
  down |= mask & (down >> shift);
  const pairUp = mask & (mask << shift);
  const pairDown = pairUp >> shift;
  const double = shift + shift;
  up |= pairUp & (up << double);
  down |= pairDown & (down >> double);
  up |= pairUp & (up << double);
  down |= pairDown & (down >> double);
  return (up << shift) | (down >> shift);
}

/** Legal moves of the player with discs `p` against `o`. */
export function mobility(p: u64, o: u64): u64 {
  const inner = o & INNER;
  const moves =
    movesAlong(p, inner, 1) |
    movesAlong(p, o, 8) |
    movesAlong(p, inner, 7) |
    movesAlong(p, inner, 9);
  return moves & ~(p | o);
}

// RAYS + (square * 8 + direction) * 8: the squares beyond `square` in a direction; directions
// 0..3 go towards higher bits (east, north-west, north, north-east), 4..7 towards lower ones
let rays: usize = 0;

/** Lays out the ray masks at `at` (4,096 bytes). */
export function initRays(at: usize): void {
  rays = at;
  for (let square = 0; square < 64; square++) {
    for (let direction = 0; direction < 8; direction++) {
      const step = direction < 4 ? direction : direction - 4;
      const sign = direction < 4 ? 1 : -1;
      const df = (step === 0 ? 1 : step === 1 ? -1 : step === 2 ? 0 : 1) * sign;
      const dr = (step === 0 ? 0 : 1) * sign;
      let ray: u64 = 0;
      let file = (square & 7) + df;
      let rank = (square >> 3) + dr;
      while (file >= 0 && file < 8 && rank >= 0 && rank < 8) {
        ray |= (<u64>1) << (<u64>(rank * 8 + file));
        file += df;
        rank += dr;
      }
      store<u64>(at + ((<usize>(square * 8 + direction)) << 3), ray);
    }
  }
}

/** Discs flipped when `p` plays on the empty `square` against `o` (0: the move is illegal). */
export function flips(square: i32, p: u64, o: u64): u64 {
  const at = rays + ((<usize>square) << 6);
  let flipped: u64 = 0;
  // towards higher bits: adding 1 carries through the opponent's run to the square after it
  let ray = load<u64>(at);
  let outflank = ((o | ~ray) + 1) & ray & p;
  flipped |= (outflank - <u64>(outflank !== 0)) & ray;
  ray = load<u64>(at, 8);
  outflank = ((o | ~ray) + 1) & ray & p;
  flipped |= (outflank - <u64>(outflank !== 0)) & ray;
  ray = load<u64>(at, 16);
  outflank = ((o | ~ray) + 1) & ray & p;
  flipped |= (outflank - <u64>(outflank !== 0)) & ray;
  ray = load<u64>(at, 24);
  outflank = ((o | ~ray) + 1) & ray & p;
  flipped |= (outflank - <u64>(outflank !== 0)) & ray;
  // towards lower bits: the highest square of the ray that is not the opponent's (an empty ray
  // gives bit 63 >> 64 = bit 63, whose run above is empty)
  ray = load<u64>(at, 32);
  outflank = (HIGH_BIT >> clz(~o & ray)) & p;
  flipped |= ((0 - outflank) << 1) & ray;
  ray = load<u64>(at, 40);
  outflank = (HIGH_BIT >> clz(~o & ray)) & p;
  flipped |= ((0 - outflank) << 1) & ray;
  ray = load<u64>(at, 48);
  outflank = (HIGH_BIT >> clz(~o & ray)) & p;
  flipped |= ((0 - outflank) << 1) & ray;
  ray = load<u64>(at, 56);
  outflank = (HIGH_BIT >> clz(~o & ray)) & p;
  flipped |= ((0 - outflank) << 1) & ray;
  return flipped;
}
