import { flips, lowestBit, mobility, out, popcount32 } from './bitboard.ts';
import { evaluate, STYLE_WEIGHTS } from './evaluation.ts';
import { finalScore, lastMove } from './finalScore.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';
import { SolverTable } from './solverTable.ts';
import { NEIGHBOURS, QUADRANT, SQUARES_BY_WEIGHT } from './squareOrder.ts';

// Below this many empties the search skips move generation, sorting and the table: it walks the
// empty squares (odd quadrants first) and tries each, which is cheaper than ordering so few.
const SHALLOW_EMPTIES = 5;
const HEAD = 64;
// From this many empties a child already in the table may cut the node before any search
// (enhanced transposition cut-off): 6 random 17-empty solves, 18.7M nodes to 17.3M.
const ETC_FROM = 8;
// From this many empties the midgame evaluation of the child (mobility, corners, edge stability)
// is added to the opponent's mobility in the ordering key: 17.3M nodes to 12.4M.
const EVAL_FROM = 14;
// a slot of the move buffers per empties count, one search level each: 40 is above the most
// legal moves any Othello position has (33)
const SLOTS = 40;

/**
 * Exact Othello endgame solver: negascout on the final disc difference (the winner gets the
 * empty squares, as in tournament scoring and the FFO test scores), fastest-first ordering by
 * the opponent's mobility with the table's move first, parity ordering near the end, and a
 * transposition table in typed arrays. Scores are from the side to move's view, -64..64.
 */
export class EndgameSolver {
  /** Positions visited since the last `resetNodes`. */
  nodes = 0;
  private budget: SearchBudget = { maxNodes: Infinity, deadline: Infinity, now: () => 0 };
  private readonly table: SolverTable;
  // the empty squares as a linked list in SQUARES_BY_WEIGHT order, headed by index 64
  private readonly next = new Int8Array(65);
  private readonly prev = new Int8Array(65);
  // quadrants holding an odd number of empties, one bit each
  private parity = 0;
  private readonly moveSquares = new Int32Array(65 * SLOTS);
  private readonly moveKeys = new Int32Array(65 * SLOTS);
  private readonly flipLo = new Int32Array(65 * SLOTS);
  private readonly flipHi = new Int32Array(65 * SLOTS);

  /** A solver with a table of `2^log2TableSize` entries (20 bytes each). */
  constructor(log2TableSize = 20) {
    this.table = new SolverTable(log2TableSize);
  }

  /** Empties the transposition table. */
  resetTable(): void {
    this.table.reset();
  }

  /** Zeroes the node count. */
  resetNodes(): void {
    this.nodes = 0;
  }

  /**
   * The exact score of the position for the side to move `p` (or a bound outside
   * `alpha..beta`); throws `SearchAborted` past the budget.
   */
  solve(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha = -64,
    beta = 64,
    budget?: SearchBudget,
  ): number {
    if (budget) this.budget = budget;
    const empties = this.linkEmpties(pLo | oLo, pHi | oHi);
    try {
      // | 0: a negated draw is -0, which equality tests tell from 0
      return this.search(pLo, pHi, oLo, oHi, alpha, beta, empties, false) | 0;
    } finally {
      this.budget = { maxNodes: Infinity, deadline: Infinity, now: () => 0 };
    }
  }

  private linkEmpties(fullLo: number, fullHi: number): number {
    let last = HEAD;
    let empties = 0;
    this.parity = 0;
    for (const square of SQUARES_BY_WEIGHT) {
      const full = square < 32 ? (fullLo >>> square) & 1 : (fullHi >>> (square - 32)) & 1;
      if (full) continue;
      this.next[last] = square;
      this.prev[square] = last;
      last = square;
      empties++;
      this.parity ^= 1 << QUADRANT[square]!;
    }
    this.next[last] = HEAD;
    this.prev[HEAD] = last;
    return empties;
  }

  private count(): void {
    // deterministic: the budget is checked on node counts, the clock only as a safety stop
    if ((++this.nodes & 1023) === 0) {
      if (this.nodes > this.budget.maxNodes || this.budget.now() > this.budget.deadline) {
        throw new SearchAborted();
      }
    }
  }

  private search(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha: number,
    beta: number,
    empties: number,
    passed: boolean,
  ): number {
    if (empties <= SHALLOW_EMPTIES)
      return this.shallow(pLo, pHi, oLo, oHi, alpha, beta, empties, passed);
    this.count();
    const table = this.table;
    let tableMove = -1;
    if (table.probe(pLo, pHi, oLo, oHi)) {
      if (table.lower >= beta) return table.lower;
      if (table.upper <= alpha) return table.upper;
      if (table.lower === table.upper) return table.lower;
      if (table.lower > alpha) alpha = table.lower;
      if (table.upper < beta) beta = table.upper;
      tableMove = table.move;
    }
    mobility(pLo, pHi, oLo, oHi);
    let movesLo = out.lo;
    let movesHi = out.hi;
    if ((movesLo | movesHi) === 0) {
      if (passed) return finalScore(pLo, pHi, oLo, oHi, empties);
      return -this.search(oLo, oHi, pLo, pHi, -beta, -alpha, empties, true);
    }
    const base = empties * SLOTS;
    let n = 0;
    while ((movesLo | movesHi) !== 0) {
      let square: number;
      if (movesLo !== 0) {
        square = lowestBit(movesLo);
        movesLo &= movesLo - 1;
      } else {
        square = lowestBit(movesHi) + 32;
        movesHi &= movesHi - 1;
      }
      flips(square, pLo, pHi, oLo, oHi);
      const fLo = out.lo | (square < 32 ? 1 << square : 0);
      const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
      // enhanced transposition cut-off: a child the table already proves bad enough for the
      // opponent ends this node before any of its moves is searched
      if (empties >= ETC_FROM && table.probe(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi)) {
        if (-table.upper >= beta) {
          table.store(pLo, pHi, oLo, oHi, -table.upper, 64, square);
          return -table.upper;
        }
      }
      // fastest first: the reply with the fewest answers (corners weigh double) cuts soonest
      mobility(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi);
      let key = (popcount32(out.lo) + popcount32(out.hi)) * 16 + popcount32(out.lo & 0x81) * 16;
      key += popcount32(out.hi & 0x81000000) * 16;
      if ((this.parity >> QUADRANT[square]!) & 1) key -= 4;
      if (empties >= EVAL_FROM) {
        key =
          key * 4 + evaluate(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi, STYLE_WEIGHTS.balanced);
      }
      if (square === tableMove) key = -1_000_000;
      // insertion sort as we go: few moves a node
      let i = n++;
      while (i > 0 && this.moveKeys[base + i - 1]! > key) {
        this.moveKeys[base + i] = this.moveKeys[base + i - 1]!;
        this.moveSquares[base + i] = this.moveSquares[base + i - 1]!;
        this.flipLo[base + i] = this.flipLo[base + i - 1]!;
        this.flipHi[base + i] = this.flipHi[base + i - 1]!;
        i--;
      }
      this.moveKeys[base + i] = key;
      this.moveSquares[base + i] = square;
      this.flipLo[base + i] = fLo;
      this.flipHi[base + i] = fHi;
    }
    const alphaIn = alpha;
    let best = -65;
    let bestSquare = -1;
    for (let i = 0; i < n; i++) {
      const square = this.moveSquares[base + i]!;
      const fLo = this.flipLo[base + i]!;
      const fHi = this.flipHi[base + i]!;
      this.take(square);
      const qLo = oLo & ~fLo;
      const qHi = oHi & ~fHi;
      const rLo = pLo | fLo;
      const rHi = pHi | fHi;
      let score: number;
      if (i === 0) score = -this.search(qLo, qHi, rLo, rHi, -beta, -alpha, empties - 1, false);
      else {
        score = -this.search(qLo, qHi, rLo, rHi, -alpha - 1, -alpha, empties - 1, false);
        if (score > alpha && score < beta) {
          score = -this.search(qLo, qHi, rLo, rHi, -beta, -score, empties - 1, false);
        }
      }
      this.restore(square);
      if (score > best) {
        best = score;
        bestSquare = square;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    table.store(
      pLo,
      pHi,
      oLo,
      oHi,
      best > alphaIn ? best : -64,
      best < beta ? best : 64,
      bestSquare,
    );
    return best;
  }

  private take(square: number): void {
    const before = this.prev[square]!;
    const after = this.next[square]!;
    this.next[before] = after;
    this.prev[after] = before;
    this.parity ^= 1 << QUADRANT[square]!;
  }

  private restore(square: number): void {
    this.next[this.prev[square]!] = square;
    this.prev[this.next[square]!] = square;
    this.parity ^= 1 << QUADRANT[square]!;
  }

  private shallow(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    alpha: number,
    beta: number,
    empties: number,
    passed: boolean,
  ): number {
    this.count();
    if (empties === 1) return lastMove(this.next[HEAD]!, pLo, pHi, oLo, oHi);
    let best = -65;
    // odd quadrants first: the last move of a region is worth having
    for (let wanted = 1; wanted >= 0; wanted--) {
      for (let square = this.next[HEAD]!; square !== HEAD; square = this.next[square]!) {
        if (((this.parity >> QUADRANT[square]!) & 1) !== wanted) continue;
        if (((oLo & NEIGHBOURS[square * 2]!) | (oHi & NEIGHBOURS[square * 2 + 1]!)) === 0) continue;
        flips(square, pLo, pHi, oLo, oHi);
        if ((out.lo | out.hi) === 0) continue;
        const fLo = out.lo | (square < 32 ? 1 << square : 0);
        const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
        this.take(square);
        const score = -this.shallow(
          oLo & ~fLo,
          oHi & ~fHi,
          pLo | fLo,
          pHi | fHi,
          -beta,
          -alpha,
          empties - 1,
          false,
        );
        this.restore(square);
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
    if (passed) return finalScore(pLo, pHi, oLo, oHi, empties);
    return -this.shallow(oLo, oHi, pLo, pHi, -beta, -alpha, empties, true);
  }
}
