/**
 * The Connect Four solver of `../../solver.ts`, in AssemblyScript for WebAssembly: the same
 * search node for node (same move order, same table, same node counts), with the board in one
 * 64-bit word as in Pascal Pons' solver instead of two 28-bit halves. `scripts/build-solver-wasm.ts`
 * compiles it into `../solverWasm.ts`; `../../wasmSolver.ts` is its TypeScript face.
 *
 * The module owns its memory: the sorter's per-ply move lists, then the transposition table
 * (`table.ts`). Nothing is allocated after `init`.
 */
import { layTable, slotOf, tableGet, tablePut } from './table';

export { reset } from './table';

// the host's clock (milliseconds), read every CLOCK_CHECK_EVERY + 1 nodes while a deadline is set
declare function now(): f64;

const WIDTH: i32 = 7;
const CELLS: i32 = 42;
const MIN_SCORE: i32 = -18;
const MAX_SCORE: i32 = 18;
// one bit at the bottom of each column (bit col * 7), and every playable cell
const BOTTOM: u64 = 0x40810204081;
const BOARD: u64 = BOTTOM * 0x3f;
const COLUMN: u64 = 0x3f;
// centre-first order, one column a nibble from the lowest: 3, 2, 4, 1, 5, 0, 6
const COLUMN_ORDER: u32 = 0x6051423;
const CLOCK_CHECK_EVERY: i64 = 4095;
// a child's opponent threats that its parent did not compute
const UNKNOWN: u64 = u64.MAX_VALUE;

// the sorter: 8 entries a ply of [move, threats, score], 8 bytes each
const ENTRY: i32 = 24;
const PLY_BYTES: i32 = ENTRY * 8;
const SORTER_BYTES: i32 = PLY_BYTES * (CELLS + 1);

/** Why the last search stopped early: 0 it did not, 1 node budget, 2 deadline. */
let stopped: i32 = 0;
let nodes: i64 = 0;
let maxNodes: i64 = i64.MAX_VALUE;
let deadline: f64 = Infinity;
let clocked = false;

let sorter: usize = 0;

/** Lays out the memory for a table of the first prime number of slots at or above 2^log2Size. */
export function init(log2Size: i32): void {
  sorter = (__heap_base + 63) & ~(<usize>63);
  layTable(sorter + SORTER_BYTES, log2Size);
}

/** Sets the node budget (nodes from now; Infinity for none) and the deadline for the next search. */
export function arm(budget: f64, until: f64): void {
  maxNodes = budget < Infinity ? nodes + <i64>budget : i64.MAX_VALUE;
  deadline = until;
  clocked = until < Infinity;
  stopped = 0;
}

export function nodeCount(): f64 {
  return <f64>nodes;
}

export function resetNodes(): void {
  nodes = 0;
}

export function stopReason(): i32 {
  return stopped;
}

/**
 * Exact score (weak: its sign, as a bound of ±1 narrowed) of a running position given as the
 * halves of `../../position.ts`: bits 0–27 in the low words, 28–48 in the high ones.
 */
export function solve(cl: i32, ch: i32, ml: i32, mh: i32, nb: i32, weak: bool): i32 {
  const current = join(cl, ch);
  const mask = join(ml, mh);
  if (canWinNext(current, mask)) return weak ? 1 : (CELLS + 1 - nb) / 2;
  let min = -(CELLS - nb) / 2;
  let max = (CELLS + 1 - nb) / 2;
  if (weak) {
    min = -1;
    max = 1;
  }
  while (min < max) {
    // probe near zero first: the sign is what matters most and is cheapest to establish
    let med = min + ((max - min) >> 1);
    if (med <= 0 && min / 2 < med) med = min / 2;
    else if (med >= 0 && max / 2 > med) med = max / 2;
    const r = negamax(current, mask, nb, med, med + 1, UNKNOWN);
    if (stopped !== 0) return 0;
    if (r <= med) max = r;
    else min = r;
  }
  return weak ? (min > 0 ? 1 : min < 0 ? -1 : 0) : min;
}

/** Whether the exact score is at most `score` (one null-window search); 1 or 0. */
export function isAtMost(cl: i32, ch: i32, ml: i32, mh: i32, nb: i32, score: i32): bool {
  const current = join(cl, ch);
  const mask = join(ml, mh);
  if (canWinNext(current, mask)) return (CELLS + 1 - nb) / 2 <= score;
  return negamax(current, mask, nb, score, score + 1, UNKNOWN) <= score;
}

function join(lo: i32, hi: i32): u64 {
  return ((<u64>(<u32>hi)) << 28) | <u64>(<u32>lo);
}

function canWinNext(current: u64, mask: u64): bool {
  return (winningCells(current, mask) & ((mask + BOTTOM) & BOARD)) !== 0;
}

/** Empty cells that would complete four for the stones `p` (Pons' compute_winning_position). */
function winningCells(p: u64, mask: u64): u64 {
  // vertical
  let r = (p << 1) & (p << 2) & (p << 3);
  // horizontal
  let q = (p << 7) & (p << 14);
  r |= q & (p << 21);
  r |= q & (p >> 7);
  q = (p >> 7) & (p >> 14);
  r |= q & (p << 7);
  r |= q & (p >> 21);
  // diagonal /
  q = (p << 6) & (p << 12);
  r |= q & (p << 18);
  r |= q & (p >> 6);
  q = (p >> 6) & (p >> 12);
  r |= q & (p << 6);
  r |= q & (p >> 18);
  // diagonal \
  q = (p << 8) & (p << 16);
  r |= q & (p << 24);
  r |= q & (p >> 8);
  q = (p >> 8) & (p >> 16);
  r |= q & (p << 8);
  r |= q & (p >> 24);
  return r & (BOARD ^ mask);
}

/** Negamax on a position where the side to move cannot win at once (see ../../solver.ts). */
function negamax(current: u64, mask: u64, nb: i32, alphaIn: i32, betaIn: i32, known: u64): i32 {
  let alpha = alphaIn;
  let beta = betaIn;
  const count = ++nodes;
  if (count > maxNodes) {
    stopped = 1;
    return 0;
  }
  if ((count & CLOCK_CHECK_EVERY) === 0 && clocked && now() >= deadline) {
    stopped = 2;
    return 0;
  }

  // moves that do not hand the opponent an immediate win
  const opponent = known !== UNKNOWN ? known : winningCells(current ^ mask, mask);
  let possible = (mask + BOTTOM) & BOARD;
  const forced = possible & opponent;
  if (forced !== 0) {
    // two threats to parry at once: lost
    if ((forced & (forced - 1)) !== 0) return -((CELLS - nb) >> 1);
    possible = forced;
  }
  // never play right under an opponent's winning cell
  possible &= ~(opponent >> 1);
  if (possible === 0) return -((CELLS - nb) >> 1);
  if (nb >= CELLS - 2) return 0;

  let min = -((CELLS - 2 - nb) >> 1);
  if (alpha < min) {
    alpha = min;
    if (alpha >= beta) return alpha;
  }
  let max = (CELLS - 1 - nb) >> 1;
  if (beta > max) {
    beta = max;
    if (alpha >= beta) return beta;
  }

  const key = current + mask;
  const slot = slotOf(key);
  const stored = tableGet(slot, key);
  if (stored !== 0) {
    if (stored > MAX_SCORE - MIN_SCORE + 1) {
      min = stored + 2 * MIN_SCORE - MAX_SCORE - 2;
      if (alpha < min) {
        alpha = min;
        if (alpha >= beta) return alpha;
      }
    } else {
      max = stored + MIN_SCORE - 1;
      if (beta > max) {
        beta = max;
        if (alpha >= beta) return beta;
      }
    }
  }

  // insertion sort by winning cells created; ties keep the centre-first order
  const base = sorter + <usize>(nb * PLY_BYTES);
  let end = base;
  // a single move needs no score
  const single = (possible & (possible - 1)) === 0;
  for (let i = WIDTH - 1; i >= 0; i--) {
    const column = (COLUMN_ORDER >> ((<u32>i) << 2)) & 0xf;
    const move = possible & (COLUMN << (column * 7));
    if (move === 0) continue;
    let score: u64 = 0;
    let threats = UNKNOWN;
    if (!single) {
      // Pons' score; kept for the child, whose opponent threats they are
      threats = winningCells(current | move, mask) & ~move;
      score = popcnt(threats);
    }
    let at = end;
    end += ENTRY;
    while (at > base && load<u64>(at - 8) > score) {
      store<u64>(at, load<u64>(at - ENTRY));
      store<u64>(at, load<u64>(at - 16), 8);
      store<u64>(at, load<u64>(at - 8), 16);
      at -= ENTRY;
    }
    store<u64>(at, move);
    store<u64>(at, threats, 8);
    store<u64>(at, score, 16);
  }

  const child = current ^ mask;
  while (end > base) {
    end -= ENTRY;
    const score = -negamax(child, mask | load<u64>(end), nb + 1, -beta, -alpha, load<u64>(end, 8));
    // a stopped search unwinds without writing what it did not finish
    if (stopped !== 0) return 0;
    if (score >= beta) {
      tablePut(slot, key, score + MAX_SCORE - 2 * MIN_SCORE + 2);
      return score;
    }
    if (score > alpha) alpha = score;
  }
  tablePut(slot, key, alpha - MIN_SCORE + 1);
  return alpha;
}
