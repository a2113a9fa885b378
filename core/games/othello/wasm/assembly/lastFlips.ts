/**
 * The flip count of the last move, when one square is empty and every other square is a disc:
 * whatever is not the mover's is the opponent's, so each of the square's four lines flips what
 * a table says for the mover's discs on it, and no flip mask is built.
 */

const FILE_A: u64 = 0x01010101 * <u64>0x100000001;

// flips along one 8-square line, a byte at position * 256 + the mover's discs on the line
let counts: usize = 0;
// the square's two diagonals, one u64 each (a1-h8 way, then a8-h1 way)
let diagonals: usize = 0;

/** Lays out the tables from `at` (3 KB); returns where they end. */
export function layLastFlips(at: usize): usize {
  counts = at;
  diagonals = counts + 2048;
  return diagonals + 1024;
}

/** Fills the tables (once, after the memory is there). */
export function initLastFlips(): void {
  for (let position = 0; position < 8; position++) {
    for (let line = 0; line < 256; line++) {
      let flipped = 0;
      // a run of the opponent's discs flips when one of ours closes it
      let at = position + 1;
      while (at < 8 && ((line >> at) & 1) === 0) at++;
      if (at < 8) flipped += at - position - 1;
      at = position - 1;
      while (at >= 0 && ((line >> at) & 1) === 0) at--;
      if (at >= 0) flipped += position - at - 1;
      store<u8>(counts + <usize>(position * 256 + line), <u8>flipped);
    }
  }
  for (let square = 0; square < 64; square++) {
    let rising: u64 = 0;
    let falling: u64 = 0;
    for (let other = 0; other < 64; other++) {
      const files = (other & 7) - (square & 7);
      const ranks = (other >> 3) - (square >> 3);
      if (files === ranks) rising |= (<u64>1) << (<u64>other);
      if (files === -ranks) falling |= (<u64>1) << (<u64>other);
    }
    store<u64>(diagonals + ((<usize>square) << 4), rising);
    store<u64>(diagonals + ((<usize>square) << 4), falling, 8);
  }
}

/** Discs `p` flips by playing `square`, the only empty one (the rest not `p`'s are the opponent's). */
export function lastFlips(square: i32, p: u64): i32 {
  const file = square & 7;
  const rank = square >> 3;
  const byFile = counts + <usize>(file << 8);
  // a diagonal has one square a file: a multiply gathers them into the top byte by file, where
  // squares off the board read as the opponent's, and no run can close beyond them
  const rising = <i32>(((p & load<u64>(diagonals + ((<usize>square) << 4))) * FILE_A) >> 56);
  const falling = <i32>(((p & load<u64>(diagonals + ((<usize>square) << 4), 8)) * FILE_A) >> 56);
  let column = (p >> <u64>file) & FILE_A;
  column |= column >> 7;
  column |= column >> 14;
  column |= column >> 28;
  return (
    <i32>load<u8>(byFile + <usize>((p >> <u64>(rank << 3)) & 0xff)) +
    <i32>load<u8>(counts + <usize>((rank << 8) | <i32>(column & 0xff))) +
    <i32>load<u8>(byFile + <usize>rising) +
    <i32>load<u8>(byFile + <usize>falling)
  );
}
