/**
 * The Othello endgame solver's transposition table (../../solverTable.ts, slot for slot): 2^n
 * entries of both boards and the packed bounds and move, replaced always. A successful `probe`
 * leaves the entry's bounds and move in `lower`, `upper` and `tableMove`.
 */

// an entry: p (u64), o (u64), lower + 64 | (upper + 64) << 8 | (move + 1) << 16 (u32)
const TABLE_ENTRY: usize = 20;

let table: usize = 0;
let tableMask: u32 = 0;
// the last successful probe's bounds and move
export let lower: i32 = -64;
export let upper: i32 = 64;
export let tableMove: i32 = -1;

/** Lays out a table of 2^log2Size entries from `at`; returns where it ends. */
export function layTable(at: usize, log2Size: i32): usize {
  table = at;
  tableMask = (1 << log2Size) - 1;
  return table + (<usize>tableMask + 1) * TABLE_ENTRY;
}

/** Empties the table. */
export function reset(): void {
  memory.fill(table, 0, (<usize>tableMask + 1) * TABLE_ENTRY);
}

function slot(p: u64, o: u64): usize {
  let h = (<u32>p ^ (<u32>(p >> 32) * 0x9e3779b1)) * 0x85ebca6b;
  h ^= (<u32>o ^ (<u32>(o >> 32) * 0xc2b2ae35)) * 0x27d4eb2f;
  h ^= h >> 15;
  h *= 0x2c1b3c6d;
  h ^= h >> 13;
  return table + <usize>(h & tableMask) * TABLE_ENTRY;
}

export function probe(p: u64, o: u64): bool {
  const at = slot(p, o);
  if (load<u64>(at) !== p || load<u64>(at, 8) !== o) return false;
  const packed = load<u32>(at, 16);
  lower = <i32>(packed & 0xff) - 64;
  upper = <i32>((packed >> 8) & 0xff) - 64;
  tableMove = <i32>((packed >> 16) & 0xff) - 1;
  return true;
}

export function put(p: u64, o: u64, low: i32, high: i32, move: i32): void {
  const at = slot(p, o);
  store<u64>(at, p);
  store<u64>(at, o, 8);
  store<u32>(at, <u32>((low + 64) | ((high + 64) << 8) | ((move + 1) << 16)), 16);
}
