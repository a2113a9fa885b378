/**
 * Discs that can never be flipped again, for the solver's stability cut-off: a side's stable
 * discs bound the opponent's best score from above. Edges come exact from a table of every
 * edge (each side's byte), the inner squares from full lines and stable neighbours.
 */

const FILE_A: u64 = 0x01010101 * <u64>0x100000001;
const INNER: u64 = 0x007e7e7e7e7e7e00;
const NOT_A: u64 = 0xfefefefe * <u64>0x100000001;
const NOT_H: u64 = 0x7f7f7f7f * <u64>0x100000001;

// the stable discs of `p` on an edge, a byte at p * 256 + o
let edgeTable: usize = 0;
// a byte's bits spread onto file a, one u64 each
let fileTable: usize = 0;

/** Lays out the edge and file tables from `at` (66 KB); returns where they end. */
export function layStability(at: usize): usize {
  edgeTable = at;
  fileTable = edgeTable + 65536;
  return fileTable + 2048;
}

/** Fills the tables (once, after the memory is there). */
export function initStability(): void {
  for (let byte = 0; byte < 256; byte++) {
    let spread: u64 = 0;
    for (let bit = 0; bit < 8; bit++) {
      if (((byte >> bit) & 1) !== 0) spread |= (<u64>1) << (<u64>(bit * 8));
    }
    store<u64>(fileTable + ((<usize>byte) << 3), spread);
  }
  // a disc is stable on the edge when it stays ours whatever fills the empties, so an edge's
  // answer is its own discs met with the answers of every edge one move on: fuller edges first
  for (let discs = 8; discs >= 0; discs--) {
    for (let p = 0; p < 256; p++) {
      for (let o = 0; o < 256; o++) {
        if ((p & o) !== 0 || <i32>popcnt(p | o) !== discs) continue;
        let stable = p;
        let empty = ~(p | o) & 0xff;
        while (empty !== 0 && stable !== 0) {
          const square = 1 << ctz(empty);
          empty &= empty - 1;
          // either side may fill any empty edge square: moves come from the inner squares too
          const ours = lineFlips(square, p, o);
          stable &= edgeAt(p | square | ours, o & ~ours);
          const theirs = lineFlips(square, o, p);
          stable &= edgeAt(p & ~theirs, o | square | theirs);
        }
        store<u8>(edgeTable + <usize>(p * 256 + o), <u8>stable);
      }
    }
  }
}

function edgeAt(p: i32, o: i32): i32 {
  return <i32>load<u8>(edgeTable + <usize>(p * 256 + o));
}

/** The discs of `o` that `p` flips along an 8-square line by playing the bit `square`. */
function lineFlips(square: i32, p: i32, o: i32): i32 {
  let flipped = 0;
  let run = 0;
  let at = square << 1;
  while ((at & o) !== 0) {
    run |= at;
    at <<= 1;
  }
  if ((at & p) !== 0) flipped |= run;
  run = 0;
  at = square >> 1;
  while ((at & o) !== 0) {
    run |= at;
    at >>= 1;
  }
  if ((at & p) !== 0) flipped |= run;
  return flipped;
}

// file a's eight bits as a byte, rank by rank
function packFileA(discs: u64): i32 {
  let x = discs & FILE_A;
  x |= x >> 7;
  x |= x >> 14;
  x |= x >> 28;
  return <i32>(x & 0xff);
}

function unpackFileA(byte: i32): u64 {
  return load<u64>(fileTable + ((<usize>byte) << 3));
}

function stableEdges(p: u64, o: u64): u64 {
  let stable = <u64>edgeAt(<i32>(p & 0xff), <i32>(o & 0xff));
  stable |= (<u64>edgeAt(<i32>(p >> 56), <i32>(o >> 56))) << 56;
  stable |= unpackFileA(edgeAt(packFileA(p), packFileA(o)));
  stable |= unpackFileA(edgeAt(packFileA(p >> 7), packFileA(o >> 7))) << 7;
  return stable;
}

// The squares of full lines in one direction: the empties spread both ways along it (the
// masks keep a step from wrapping round the board's side), and what they miss is full.
function fullAlong(empty: u64, shift: u64, maskUp: u64, maskDown: u64): u64 {
  let up = empty;
  let down = empty;
  let stepUp = maskUp;
  let stepDown = maskDown;
  up |= stepUp & (up << shift);
  down |= stepDown & (down >> shift);
  stepUp &= stepUp << shift;
  stepDown &= stepDown >> shift;
  up |= stepUp & (up << (shift << 1));
  down |= stepDown & (down >> (shift << 1));
  stepUp &= stepUp << (shift << 1);
  stepDown &= stepDown >> (shift << 1);
  up |= stepUp & (up << (shift << 2));
  down |= stepDown & (down >> (shift << 2));
  return ~(up | down);
}

/** How many of `p`'s discs are stable (a lower bound: some stable discs are missed). */
export function stableCount(p: u64, o: u64): i32 {
  const empty = ~(p | o);
  const fullH = fullAlong(empty, 1, NOT_A, NOT_H);
  const fullV = fullAlong(empty, 8, ~(<u64>0), ~(<u64>0));
  const full9 = fullAlong(empty, 9, NOT_A, NOT_H);
  const full7 = fullAlong(empty, 7, NOT_H, NOT_A);
  const inner = p & INNER;
  let stable = stableEdges(p, o) | (inner & fullH & fullV & full9 & full7);
  if (stable === 0) return 0;
  // an inner disc is stable when each of its four lines is full or holds a stable disc of ours
  // next to it
  let before: u64 = 0;
  while (stable !== before) {
    before = stable;
    const h = (stable >> 1) | (stable << 1) | fullH;
    const v = (stable >> 8) | (stable << 8) | fullV;
    const d9 = (stable >> 9) | (stable << 9) | full9;
    const d7 = (stable >> 7) | (stable << 7) | full7;
    stable |= h & v & d9 & d7 & inner;
  }
  return <i32>popcnt(stable);
}

// From how high an alpha, by empties, the opponent's stable discs are worth counting: below it
// they seldom bound the score under alpha (Edax's NWS_STABILITY_THRESHOLD)
const STABILITY_FROM = memory.data<i8>([
  99, 99, 99, 99, 6, 8, 10, 12, 14, 16, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48,
  48, 50, 50, 52, 52, 54, 54, 56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64, 99,
  99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
]);

/** The most `p` can score when the opponent keeps its stable discs: a cut when it is <= alpha. */
export function stableBound(p: u64, o: u64, alpha: i32, empties: i32): i32 {
  if (alpha < <i32>load<i8>(STABILITY_FROM + <usize>empties)) return 65;
  return 64 - 2 * stableCount(o, p);
}
