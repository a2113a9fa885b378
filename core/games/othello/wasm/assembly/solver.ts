/**
 * The Othello endgame solver in AssemblyScript for WebAssembly: the negascout of
 * `../../endgameSolver.ts` on boards of one 64-bit word, with what makes it faster than that
 * one and no longer node for node the same: the table-free shallow search to 7 empties
 * (`shallow.ts`), the
 * stability cut-off (`stability.ts`), the last move's flips counted from tables
 * (`lastFlips.ts`), three empties unrolled, and potential mobility and corner discs in the
 * move order. It finds the same exact scores.
 * `scripts/build-solver-wasm.ts` compiles it into `../solverWasm.ts`;
 * `../../wasmEndgameSolver.ts` is its TypeScript face.
 *
 * The module owns its memory: the ray masks, the squares' order, neighbours and empties list
 * (`squares.ts`), the per-level move lists, the stability and last-flip tables, then the
 * transposition table (`table.ts`). Nothing is allocated after `init`.
 */
import { flips, initRays, mobility } from './bitboard';
import { budgetSpent, CLOCK_CHECK_EVERY, nodes, stopped } from './budget';
import { evaluate } from './evaluation';
import { initLastFlips, layLastFlips } from './lastFlips';
import { finalScore } from './lastMove';
import { around, CORNER_WEIGHT, CORNERS, cornerStable } from './ordering';
import { shallow } from './shallow';
import {
  initSquares,
  laySquares,
  linkEmpties,
  packEmpties,
  parity,
  quadrant,
  restore,
  take,
} from './squares';
import { initStability, layStability, stableBound } from './stability';
import { layTable, lower, probe, put, tableMove, upper } from './table';

export { arm, nodeCount, resetNodes, stopReason } from './budget';

// the host's clock (milliseconds), read every 1,024 nodes while a deadline is set (budget.ts); it
// is declared here, as the host provides it to the module named after this file
export declare function now(): f64;
export { reset } from './table';

// Up to this many empties the search skips the table and the move sorting (as Edax does to 7):
// on FFO #40 and #42 (2^22 table) the probes' cache misses cost more than the nodes they save.
// No enhanced transposition cut-off either: its probe of every child cost more than it cut.
const SHALLOW_EMPTIES: i32 = 7;
// the evaluation in the move order: ../../endgameSolver.ts says why from 14
const EVAL_FROM: i32 = 14;
const SLOTS: i32 = 40;

// a move list entry: flips (u64), ordering key (i32), square (i32)
const ENTRY: i32 = 16;

let moveLists: usize = 0;

/** Lays out the memory for a table of 2^log2Size entries. */
export function init(log2Size: i32): void {
  const rayMasks = (__heap_base + 63) & ~(<usize>63);
  moveLists = laySquares(rayMasks + 4096);
  const stabilityEnd = layStability(moveLists + <usize>(65 * SLOTS * ENTRY));
  const end = layTable(layLastFlips(stabilityEnd), log2Size);
  const pages = <i32>((end + 0xffff) >> 16) - memory.size();
  if (pages > 0 && memory.grow(pages) < 0) unreachable();
  initRays(rayMasks);
  initSquares();
  initStability();
  initLastFlips();
}

/** The exact score for the side to move `p` (or a bound outside alpha..beta), from halves. */
export function solve(pLo: i32, pHi: i32, oLo: i32, oHi: i32, alpha: i32, beta: i32): i32 {
  const p = join(pLo, pHi);
  const o = join(oLo, oHi);
  const empties = linkEmpties(p | o);
  return search(p, o, alpha, beta, empties, false);
}

function join(lo: i32, hi: i32): u64 {
  return ((<u64>(<u32>hi)) << 32) | <u64>(<u32>lo);
}

function search(p: u64, o: u64, alphaIn: i32, betaIn: i32, empties: i32, passed: bool): i32 {
  if (empties <= SHALLOW_EMPTIES) {
    return shallow(p, o, alphaIn, betaIn, empties, packEmpties(), parity, passed);
  }
  // biome-ignore lint/suspicious/noImportAssign: the count is one global (budget.ts)
  if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
  const bound = stableBound(p, o, alphaIn, empties);
  if (bound <= alphaIn) return bound;
  let alpha = alphaIn;
  let beta = betaIn;
  let hashMove = -1;
  if (probe(p, o)) {
    if (lower >= beta) return lower;
    if (upper <= alpha) return upper;
    if (lower === upper) return lower;
    if (lower > alpha) alpha = lower;
    if (upper < beta) beta = upper;
    hashMove = tableMove;
  }
  let moves = mobility(p, o);
  if (moves === 0) {
    if (passed) return finalScore(p, o, empties);
    return -search(o, p, -beta, -alpha, empties, true);
  }
  const base = moveLists + <usize>(empties * SLOTS * ENTRY);
  let end = base;
  while (moves !== 0) {
    const square = <i32>ctz(moves);
    moves &= moves - 1;
    const flipped = flips(square, p, o) | ((<u64>1) << (<u64>square));
    const q = o & ~flipped;
    const r = p | flipped;
    // fastest first: the reply with the fewest answers (corners weigh double) cuts soonest
    const replies = mobility(q, r);
    let key = <i32>(popcnt(replies) + popcnt(replies & CORNERS)) * 16;
    // then the fewest empties next to our discs (its potential moves): FFO #42, 144M nodes
    // to 109M
    key += <i32>popcnt(around(r) & ~(q | r)) * 2;
    key -= cornerStable(r) * CORNER_WEIGHT;
    if (((parity >> quadrant(square)) & 1) !== 0) key -= 4;
    // the evaluation weighs less beside the mobility terms than in the TypeScript solver (x4):
    // FFO #40-#44, 360M nodes to 339M (x16: more again)
    if (empties >= EVAL_FROM) key = key * 8 + evaluate(q, r);
    if (square === hashMove) key = -1_000_000;
    // insertion sort as we go: few moves a node
    let at = end;
    end += ENTRY;
    while (at > base && load<i32>(at - 8) > key) {
      store<u64>(at, load<u64>(at - ENTRY));
      store<u64>(at, load<u64>(at - 8), 8);
      at -= ENTRY;
    }
    store<u64>(at, flipped);
    store<i32>(at, key, 8);
    store<i32>(at, square, 12);
  }
  let best = -65;
  let bestSquare = -1;
  for (let at = base; at < end; at += ENTRY) {
    const flipped = load<u64>(at);
    const square = load<i32>(at, 12);
    const q = o & ~flipped;
    const r = p | flipped;
    take(square);
    let score: i32;
    if (at === base) score = -search(q, r, -beta, -alpha, empties - 1, false);
    else {
      score = -search(q, r, -alpha - 1, -alpha, empties - 1, false);
      if (stopped === 0 && score > alpha && score < beta) {
        score = -search(q, r, -beta, -score, empties - 1, false);
      }
    }
    restore(square);
    // a stopped search unwinds without writing what it did not finish
    if (stopped !== 0) return 0;
    if (score > best) {
      best = score;
      bestSquare = square;
      if (score > alpha) {
        alpha = score;
        if (alpha >= beta) break;
      }
    }
  }
  put(p, o, best > alphaIn ? best : -64, best < beta ? best : 64, bestSquare);
  return best;
}
