import { ValidationError } from '#core/errors.ts';
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  COLUMN_HI,
  COLUMN_LO,
  COLUMN_ORDER,
  LOW_BITS,
  MAX_SCORE,
  MIN_SCORE,
  popcount32,
  WIDTH,
  winningCells,
  winningHi,
} from './bitboard.ts';
import type { ExactSolver } from './exactSolver.ts';
import type { Connect4Position } from './position.ts';
import { noClock, SearchAborted, type SearchBudget } from './searchBudget.ts';
import { TranspositionTable } from './transpositionTable.ts';

// Per-ply move lists of the sorter: room for 7 moves a ply (stride 8), so recursion allocates
// nothing.
const SORT_STRIDE = WIDTH + 1;
// words per move in a move list (the offsets below are written out: 0..4)
const FIELDS = 5;
const CLOCK_CHECK_EVERY = 4095;

/**
 * Exact Connect Four solver after Pascal Pons: negamax with alpha-beta on two-word bitboards,
 * null-window narrowing of the score, centre-first order refined by the number of winning cells a
 * move creates, pruning of moves that lose at once, and a transposition table of bounds.
 * Scores follow the literature: positive when the side to move wins, 22 minus the winner's stones.
 */
export class Solver implements ExactSolver {
  /** Nodes explored since the last `resetNodes`. */
  nodes = 0;
  private readonly table: TranspositionTable;
  // the sorter's move lists, FIELDS words per move: [cell lo, cell hi, score, threat lo,
  // threat hi], the threats being the mover's winning cells after the move (the child's
  // opponent threats). One array, not five: fewer bounds checks and registers in the hot loop.
  private readonly sorted = new Int32Array((CELLS + 1) * SORT_STRIDE * FIELDS);
  private maxNodes = Number.POSITIVE_INFINITY;
  private deadline = Number.POSITIVE_INFINITY;
  private now: () => number = noClock;

  /** 4 bytes a slot from `log2TableSize` 24 (64 MB), 8 below: agents use 21 (17 MB), tests 20 (8 MB). */
  constructor(options: { log2TableSize?: number } = {}) {
    this.table = new TranspositionTable(options.log2TableSize ?? 24);
  }

  /** Clears the transposition table (a fresh table for an independent solve). */
  resetTable(): void {
    this.table.reset();
  }

  /** Sets the node counter back to zero. */
  resetNodes(): void {
    this.nodes = 0;
  }

  /**
   * Exact score of a running position (weak: -1, 0 or 1). Keeps the table between calls; throws
   * `SearchAborted` past the budget and `ValidationError` when the game is already over.
   */
  solve(
    position: Connect4Position,
    options: { weak?: boolean; budget?: SearchBudget } = {},
  ): number {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to solve.');
    }
    this.arm(options.budget);
    return this.solveArmed(position, options.weak ?? false);
  }

  /**
   * A null-window test: whether the exact score of `position` is at most `score`. Cheaper than a
   * solve when one bound is all a caller needs (the weak book builder asks "does this child lose
   * for its mover?"). Keeps the table; throws like `solve`.
   */
  isAtMost(
    position: Connect4Position,
    score: number,
    options: { budget?: SearchBudget } = {},
  ): boolean {
    if (position.outcome().status !== 'ongoing') {
      throw new ValidationError('The game is over: there is nothing to test.');
    }
    this.arm(options.budget);
    const nb = position.nbMoves;
    if (position.canWinNext()) {
      const win = ((CELLS + 1 - nb) / 2) | 0;
      return win <= score;
    }
    const { currentLo, currentHi, maskLo, maskHi } = position;
    return this.negamax(currentLo, currentHi, maskLo, maskHi, nb, score, score + 1, -1, 0) <= score;
  }

  private solveArmed(position: Connect4Position, weak: boolean): number {
    const nb = position.nbMoves;
    if (position.canWinNext()) return weak ? 1 : ((CELLS + 1 - nb) / 2) | 0;
    let min = -((CELLS - nb) / 2) | 0;
    let max = ((CELLS + 1 - nb) / 2) | 0;
    if (weak) {
      min = -1;
      max = 1;
    }
    const { currentLo, currentHi, maskLo, maskHi } = position;
    while (min < max) {
      // probe near zero first: the sign is what matters most and is cheapest to establish
      let med = min + ((max - min) >> 1);
      if (med <= 0 && ((min / 2) | 0) < med) med = (min / 2) | 0;
      else if (med >= 0 && ((max / 2) | 0) > med) med = (max / 2) | 0;
      const r = this.negamax(currentLo, currentHi, maskLo, maskHi, nb, med, med + 1, -1, 0);
      if (r <= med) max = r;
      else min = r;
    }
    // a weak search may stop on a bound beyond ±1: only its sign is meaningful
    return (weak ? Math.sign(min) : min) | 0;
  }

  private arm(budget: SearchBudget | undefined): void {
    this.maxNodes = this.nodes + (budget?.maxNodes ?? Number.POSITIVE_INFINITY);
    this.deadline = budget?.deadline ?? Number.POSITIVE_INFINITY;
    // one shared function: a new closure per search would deoptimise the search at every call
    this.now = budget?.now ?? noClock;
  }

  /** Negamax on a position where the side to move cannot win at once. */
  private negamax(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    nb: number,
    alphaIn: number,
    betaIn: number,
    knownLo: number,
    knownHi: number,
  ): number {
    let alpha = alphaIn;
    let beta = betaIn;
    const nodes = ++this.nodes;
    if (nodes > this.maxNodes) throw new SearchAborted('Search stopped: node budget spent.');
    if ((nodes & CLOCK_CHECK_EVERY) === 0 && this.now() >= this.deadline) {
      throw new SearchAborted('Search stopped: deadline reached.');
    }

    // moves that do not hand the opponent an immediate win
    // the opponent's winning cells: the parent computed them to order this move (-1: it did not)
    let oppLo = knownLo;
    let oppHi = knownHi;
    if (oppLo === -1) {
      oppLo = winningCells(cl ^ ml, ch ^ mh, ml, mh);
      oppHi = winningHi;
    }
    // playable cells: the words hold whole columns, so `mask + bottom` never carries
    let possLo = (ml + BOTTOM_LO) & BOARD_LO;
    let possHi = (mh + BOTTOM_HI) & BOARD_HI;
    const forcedLo = possLo & oppLo;
    const forcedHi = possHi & oppHi;
    if ((forcedLo | forcedHi) !== 0) {
      // two threats to parry at once: lost
      const restLo = forcedLo & (forcedLo - 1);
      const restHi = forcedLo !== 0 ? forcedHi : forcedHi & (forcedHi - 1);
      if ((restLo | restHi) !== 0) return 0 - ((CELLS - nb) >> 1);
      possLo = forcedLo;
      possHi = forcedHi;
    }
    // never play right under an opponent's winning cell
    // (column 5's bottom sits above column 4's sentinel: nothing crosses the words)
    possLo &= ~(oppLo >>> 1);
    possHi &= ~(oppHi >>> 1);
    if ((possLo | possHi) === 0) return 0 - ((CELLS - nb) >> 1);
    if (nb >= CELLS - 2) return 0;

    let min = 0 - ((CELLS - 2 - nb) >> 1);
    if (alpha < min) {
      alpha = min;
      if (alpha >= beta) return alpha;
    }
    let max = (CELLS - 1 - nb) >> 1;
    if (beta > max) {
      beta = max;
      if (alpha >= beta) return beta;
    }

    // Pons' key `current + mask`, word by word (no carry), and its low 32 bits
    const keyLo = cl + ml;
    const keyHi = ch + mh;
    const partialKey = keyLo | (keyHi << LOW_BITS);
    const table = this.table;
    const slot = table.slotOf(keyHi, keyLo);
    const stored = table.get(slot, partialKey);
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
    const base = nb * SORT_STRIDE * FIELDS;
    const sorted = this.sorted;
    let end = base;
    // a single move needs no score: skipping it saves the most expensive part of the node
    const single =
      possHi === 0 ? (possLo & (possLo - 1)) === 0 : possLo === 0 && (possHi & (possHi - 1)) === 0;
    for (let i = WIDTH - 1; i >= 0; i--) {
      const col = COLUMN_ORDER[i]!;
      const mvLo = possLo & COLUMN_LO[col]!;
      const mvHi = possHi & COLUMN_HI[col]!;
      if ((mvLo | mvHi) === 0) continue;
      let score = 0;
      let winLo = -1;
      let winHi = 0;
      if (!single) {
        // Pons' score; kept for the child, whose opponent threats they are once the move's cell
        // is occupied (it is never among them: the mover has no winning cell to play here)
        winLo = winningCells(cl | mvLo, ch | mvHi, ml, mh) & ~mvLo;
        winHi = winningHi & ~mvHi;
        score = popcount32(winLo) + popcount32(winHi);
      }
      let at = end;
      end += FIELDS;
      while (at > base && sorted[at - 3]! > score) {
        sorted[at] = sorted[at - 5]!;
        sorted[at + 1] = sorted[at - 4]!;
        sorted[at + 2] = sorted[at - 3]!;
        sorted[at + 3] = sorted[at - 2]!;
        sorted[at + 4] = sorted[at - 1]!;
        at -= FIELDS;
      }
      sorted[at] = mvLo;
      sorted[at + 1] = mvHi;
      sorted[at + 2] = score;
      sorted[at + 3] = winLo;
      sorted[at + 4] = winHi;
    }

    const childCl = cl ^ ml;
    const childCh = ch ^ mh;
    while (end > base) {
      end -= FIELDS;
      // `0 - x`, never `-x`: -0 is a double, and one of them deoptimises the whole search
      const score =
        0 -
        this.negamax(
          childCl,
          childCh,
          ml | sorted[end]!,
          mh | sorted[end + 1]!,
          nb + 1,
          0 - beta,
          0 - alpha,
          sorted[end + 3]!,
          sorted[end + 4]!,
        );
      if (score >= beta) {
        table.put(slot, partialKey, score + MAX_SCORE - 2 * MIN_SCORE + 2);
        return score;
      }
      if (score > alpha) alpha = score;
    }
    table.put(slot, partialKey, alpha - MIN_SCORE + 1);
    return alpha;
  }
}
