/**
 * The Connect Four solver's transposition table (see ../../transpositionTable.ts, which it
 * mirrors slot for slot): a prime number of slots, the slot being `key mod size`; from 2^24 slots
 * one word a slot, the key's low 25 bits above a 7-bit value; below, two words, the key's low 32
 * bits and the value. Behind it, the log of written slots that makes a reset cheap.
 */
const PACKED_FROM_LOG2: i32 = 24;
const VALUE_BITS: u32 = 7;
const VALUE_MASK: u32 = 0x7f;
const PACKED_KEY_MASK: u32 = 0x1ffffff;
const WRITE_LOG_SHIFT: u32 = 8;

let table: usize = 0;
let size: u64 = 0;
let packed = false;
let tableBytes: usize = 0;
let written: usize = 0;
let writtenLength: i32 = 0;
let writes: i32 = 0;

/**
 * Lays out, from `at`, a table of the first prime number of slots at or above 2^log2Size and its
 * write log, growing the memory to hold them.
 */
export function layTable(at: usize, log2Size: i32): void {
  size = nextPrime((<u64>1) << log2Size);
  packed = log2Size >= PACKED_FROM_LOG2;
  tableBytes = <usize>(size * (packed ? 4 : 8));
  writtenLength = <i32>(size >> WRITE_LOG_SHIFT);
  table = at;
  written = table + tableBytes;
  const end = written + ((<usize>writtenLength) << 2);
  const pages = <i32>((end + 0xffff) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) unreachable();
  // touch every page now, as Pons' constructor does: the first search would fault on each
  memory.fill(table, 0, tableBytes);
  writes = 0;
}

/** Empties the table: the logged slots when few were written, the whole table otherwise. */
export function reset(): void {
  if (writes > writtenLength) {
    memory.fill(table, 0, tableBytes);
  } else if (packed) {
    for (let i = 0; i < writes; i++)
      store<u32>(table + ((<usize>load<u32>(written + (i << 2))) << 2), 0);
  } else {
    for (let i = 0; i < writes; i++)
      store<u64>(table + ((<usize>load<u32>(written + (i << 2))) << 3), 0);
  }
  writes = 0;
}

/** The slot of a key: `key mod size`. */
export function slotOf(key: u64): usize {
  return <usize>(key % size);
}

export function tableGet(slot: usize, key: u64): i32 {
  if (packed) {
    const entry = load<u32>(table + (slot << 2));
    return entry >> VALUE_BITS === (<u32>key & PACKED_KEY_MASK) ? <i32>(entry & VALUE_MASK) : 0;
  }
  const at = table + (slot << 3);
  return load<u32>(at) === <u32>key ? <i32>load<u32>(at, 4) : 0;
}

export function tablePut(slot: usize, key: u64, value: i32): void {
  if (packed) {
    store<u32>(table + (slot << 2), ((<u32>key) << VALUE_BITS) | <u32>value);
  } else {
    const at = table + (slot << 3);
    store<u32>(at, <u32>key);
    store<u32>(at, <u32>value, 4);
  }
  const count = writes;
  if (count <= writtenLength) {
    // one past the log's length marks an overflow; the count stops there
    if (count < writtenLength) store<u32>(written + ((<usize>count) << 2), <u32>slot);
    writes = count + 1;
  }
}

function nextPrime(from: u64): u64 {
  let candidate = from % 2 === 0 ? from + 1 : from;
  while (!isPrime(candidate)) candidate += 2;
  return candidate;
}

function isPrime(odd: u64): bool {
  for (let d: u64 = 3; d * d <= odd; d += 2) if (odd % d === 0) return false;
  return true;
}
