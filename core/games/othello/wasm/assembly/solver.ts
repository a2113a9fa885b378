/**
 * The Othello endgame solver in AssemblyScript for WebAssembly: the negascout of
 * `../../endgameSolver.ts` on boards of one 64-bit word, with what makes it faster than that
 * one and no longer node for node the same: the table-free shallow search to 7 empties, the
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
import { evaluate } from './evaluation';
import { initLastFlips, layLastFlips } from './lastFlips';
import { finalScore, lastMove } from './lastMove';
import { around, CORNER_WEIGHT, CORNERS, cornerStable } from './ordering';
import {
  initSquares,
  laySquares,
  linkEmpties,
  neighbours,
  packEmpties,
  parity,
  quadrant,
  restore,
  take,
} from './squares';
import { initStability, layStability, stableBound } from './stability';
import { layTable, lower, probe, put, tableMove, upper } from './table';

export { reset } from './table';

// the host's clock (milliseconds), read every 1,024 nodes while a deadline is set
declare function now(): f64;

// Up to this many empties the search skips the table and the move sorting (as Edax does to 7):
// on FFO #40 and #42 (2^22 table) the probes' cache misses cost more than the nodes they save.
// No enhanced transposition cut-off either: its probe of every child cost more than it cut.
const SHALLOW_EMPTIES: i32 = 7;
// the evaluation in the move order: ../../endgameSolver.ts says why from 14
const EVAL_FROM: i32 = 14;
const SLOTS: i32 = 40;
const CLOCK_CHECK_EVERY: i64 = 1023;

// a move list entry: flips (u64), ordering key (i32), square (i32)
const ENTRY: i32 = 16;

/** Why the last search stopped early: 0 it did not, 1 node budget, 2 deadline. */
let stopped: i32 = 0;
let nodes: i64 = 0;
let maxNodes: f64 = Infinity;
let deadline: f64 = Infinity;
let clocked = false;

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

/** Sets the node budget (on the running count; Infinity for none) and the deadline. */
export function arm(budget: f64, until: f64): void {
  maxNodes = budget;
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

// Each node counts itself where it starts, `(++nodes & CLOCK_CHECK_EVERY) === 0 &&
// budgetSpent()`, written out there: a function for it was not inlined, and the call cost 5%.

/** True when the budget or the deadline stops the search (read every 1,024 nodes). */
function budgetSpent(): bool {
  if (<f64>nodes > maxNodes) stopped = 1;
  else if (clocked && now() > deadline) stopped = 2;
  return stopped !== 0;
}

function search(p: u64, o: u64, alphaIn: i32, betaIn: i32, empties: i32, passed: bool): i32 {
  if (empties <= SHALLOW_EMPTIES) {
    return shallow(p, o, alphaIn, betaIn, empties, packEmpties(), parity, passed);
  }
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

// The last empties without the list: `squares` holds them in list order (see packEmpties), and
// a child gets the others in the same order, which is the order the list would give it; `odd`
// has a bit for each quadrant holding an odd number of them.
function shallow(
  p: u64,
  o: u64,
  alphaIn: i32,
  beta: i32,
  empties: i32,
  squares: u64,
  odd: i32,
  passed: bool,
): i32 {
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
      if ((++nodes & CLOCK_CHECK_EVERY) === 0 && budgetSpent()) return 0;
      best = -lastMove(second, o & ~played, p | played);
      if (best >= beta) return best;
    }
  }
  if ((o & load<u64>(neighbours + ((<usize>second) << 3))) !== 0) {
    const flipped = flips(second, p, o);
    if (flipped !== 0) {
      const played = flipped | ((<u64>1) << (<u64>second));
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
