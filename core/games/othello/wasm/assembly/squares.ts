/**
 * The squares of the Othello endgame solver: their order by positional weight
 * (../../squareOrder.ts), their neighbours, and the empty squares as a linked list in that order
 * with the parity of each quadrant, which the search takes squares out of and restores.
 */

// the list's head, one past the squares
const HEAD: i32 = 64;

// the squares by positional weight (../../squareOrder.ts), one byte each
let order: usize = 0;
// the neighbours of each square, one u64 each
export let neighbours: usize = 0;
// the empty squares as a linked list in weight order, headed by HEAD: next and prev bytes
let next: usize = 0;
let prev: usize = 0;
// quadrants holding an odd number of empties, one bit each
export let parity: i32 = 0;

/** Lays out the squares' order, neighbours and list from `at`; returns where they end. */
export function laySquares(at: usize): usize {
  order = at;
  neighbours = order + 64;
  next = neighbours + 512;
  prev = next + 128;
  return prev + 128;
}

/** Fills the order and the neighbours (once, after the memory is there). */
export function initSquares(): void {
  initOrder();
  initNeighbours();
}

function weight(square: i32): i32 {
  const file = square & 7;
  const rank = square >> 3;
  const row = min(rank, 7 - rank);
  const column = min(file, 7 - file);
  // the QUARTER table of ../../squareOrder.ts, row by row
  const quarter: u64 =
    row === 0 ? 0x050aec64 : row === 1 ? 0xfefeceec : row === 2 ? 0x0101fe0a : 0x0001fe05;
  return <i32>(<i8>(<u32>(quarter >> <u64>(column * 8)) & 0xff));
}

function initOrder(): void {
  // insertion sort by weight, best first, ties in index order
  for (let square = 0; square < 64; square++) {
    let i = square;
    while (i > 0 && weight(load<u8>(order + <usize>(i - 1))) < weight(square)) {
      store<u8>(order + <usize>i, load<u8>(order + <usize>(i - 1)));
      i--;
    }
    store<u8>(order + <usize>i, <u8>square);
  }
}

function initNeighbours(): void {
  for (let square = 0; square < 64; square++) {
    let around: u64 = 0;
    for (let dr = -1; dr <= 1; dr++) {
      for (let df = -1; df <= 1; df++) {
        const f = (square & 7) + df;
        const r = (square >> 3) + dr;
        if ((df === 0 && dr === 0) || f < 0 || f > 7 || r < 0 || r > 7) continue;
        around |= (<u64>1) << (<u64>(r * 8 + f));
      }
    }
    store<u64>(neighbours + ((<usize>square) << 3), around);
  }
}

export function quadrant(square: i32): i32 {
  return ((square >> 4) & 2) | ((square >> 2) & 1);
}

/** Links the empty squares of `full`'s complement in order; returns how many there are. */
export function linkEmpties(full: u64): i32 {
  let last = HEAD;
  let empties = 0;
  parity = 0;
  for (let i = 0; i < 64; i++) {
    const square = <i32>load<u8>(order + <usize>i);
    if (((full >> <u64>square) & 1) !== 0) continue;
    store<u8>(next + <usize>last, <u8>square);
    store<u8>(prev + <usize>square, <u8>last);
    last = square;
    empties++;
    parity ^= 1 << quadrant(square);
  }
  store<u8>(next + <usize>last, <u8>HEAD);
  store<u8>(prev + <usize>HEAD, <u8>last);
  return empties;
}

export function take(square: i32): void {
  const before = load<u8>(prev + <usize>square);
  const after = load<u8>(next + <usize>square);
  store<u8>(next + <usize>before, after);
  store<u8>(prev + <usize>after, before);
  parity ^= 1 << quadrant(square);
}

export function restore(square: i32): void {
  store<u8>(next + <usize>load<u8>(prev + <usize>square), <u8>square);
  store<u8>(prev + <usize>load<u8>(next + <usize>square), <u8>square);
  parity ^= 1 << quadrant(square);
}

/** The empty squares in list order, six bits each from the lowest: at most ten fit. */
export function packEmpties(): u64 {
  let squares: u64 = 0;
  let shift: u64 = 0;
  let square = <u64>load<u8>(next + <usize>HEAD);
  for (; square !== <u64>HEAD; square = <u64>load<u8>(next + <usize>square)) {
    squares |= square << shift;
    shift += 6;
  }
  return squares;
}
