import { flips, lowestBit, mobility, out, popcount32 } from './bitboard.ts';
import { type EvaluationWeights, evaluate } from './evaluation.ts';
import { finalScore } from './finalScore.ts';
import { SearchAborted, type SearchBudget } from './searchBudget.ts';

/** Points of a won game before the disc difference: above any evaluation. */
export const WIN_SCORE = 10_000;
const INFINITE = 1_000_000;
const TABLE_BITS = 16;
// per entry: the four halves of the position and its best square
const WORDS = 5;
// deepest line a search can walk: every empty square and a pass after each
const MAX_PLY = 130;
// moves a ply: above the most legal moves any Othello position has (33)
const SLOTS = 40;

/**
 * Heuristic negascout for the middle game, searched `depth` plies deep (a pass is free).
 * Moves are ordered by the best move remembered from the previous iteration, then corners,
 * then the opponent's mobility after the move. Finished games score `WIN_SCORE` plus 100 a disc.
 */
export class MidgameSearch {
  /** Positions visited. */
  nodes = 0;
  private readonly table = new Int32Array((1 << TABLE_BITS) * WORDS);
  // moves and their ordering keys, a slot per ply from the root: nothing allocated a node
  private readonly moveSquares = new Int32Array(MAX_PLY * SLOTS);
  private readonly moveKeys = new Int32Array(MAX_PLY * SLOTS);
  private budget: SearchBudget = { maxNodes: Infinity, deadline: Infinity, now: () => 0 };

  constructor(private readonly weights: EvaluationWeights) {}

  /** Score of each root move (squares) at `depth`; throws `SearchAborted` past the budget. */
  scoreMoves(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    squares: readonly number[],
    depth: number,
    budget: SearchBudget,
  ): number[] {
    this.budget = budget;
    // every root move with a full window: the trace and the noisy choice need true scores
    return squares.map((square) => {
      flips(square, pLo, pHi, oLo, oHi);
      const fLo = out.lo | (square < 32 ? 1 << square : 0);
      const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
      return -this.search(
        oLo & ~fLo,
        oHi & ~fHi,
        pLo | fLo,
        pHi | fHi,
        depth - 1,
        -INFINITE,
        INFINITE,
        false,
        1,
      );
    });
  }

  private slot(pLo: number, pHi: number, oLo: number, oHi: number): number {
    let h = Math.imul(pLo ^ Math.imul(pHi, 0x9e3779b1), 0x85ebca6b);
    h ^= Math.imul(oLo ^ Math.imul(oHi, 0xc2b2ae35), 0x27d4eb2f);
    h ^= h >>> 15;
    return (h & ((1 << TABLE_BITS) - 1)) * WORDS;
  }

  private search(
    pLo: number,
    pHi: number,
    oLo: number,
    oHi: number,
    depth: number,
    alpha: number,
    beta: number,
    passed: boolean,
    ply: number,
  ): number {
    if ((++this.nodes & 1023) === 0) {
      if (this.nodes > this.budget.maxNodes || this.budget.now() > this.budget.deadline) {
        throw new SearchAborted();
      }
    }
    if (depth <= 0) return evaluate(pLo, pHi, oLo, oHi, this.weights);
    mobility(pLo, pHi, oLo, oHi);
    let movesLo = out.lo;
    let movesHi = out.hi;
    if ((movesLo | movesHi) === 0) {
      if (passed) {
        const empties = 64 - popcount32(pLo | oLo) - popcount32(pHi | oHi);
        const score = finalScore(pLo, pHi, oLo, oHi, empties);
        return score === 0 ? 0 : Math.sign(score) * WIN_SCORE + score * 100;
      }
      return -this.search(oLo, oHi, pLo, pHi, depth, -beta, -alpha, true, ply + 1);
    }
    const t = this.table;
    const slot = this.slot(pLo, pHi, oLo, oHi);
    const known =
      t[slot] === pLo && t[slot + 1] === pHi && t[slot + 2] === oLo && t[slot + 3] === oHi
        ? t[slot + 4]!
        : -1;
    const squares = this.moveSquares;
    const keys = this.moveKeys;
    const base = ply * SLOTS;
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
      let key: number;
      if (square === known) key = -1000;
      else if (square === 0 || square === 7 || square === 56 || square === 63) key = -500;
      else {
        flips(square, pLo, pHi, oLo, oHi);
        const fLo = out.lo | (square < 32 ? 1 << square : 0);
        const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
        mobility(oLo & ~fLo, oHi & ~fHi, pLo | fLo, pHi | fHi);
        key = popcount32(out.lo) + popcount32(out.hi);
      }
      let i = base + n++;
      while (i > base && keys[i - 1]! > key) {
        keys[i] = keys[i - 1]!;
        squares[i] = squares[i - 1]!;
        i--;
      }
      keys[i] = key;
      squares[i] = square;
    }
    let best = -INFINITE;
    let bestSquare = -1;
    for (let i = 0; i < n; i++) {
      const square = squares[base + i]!;
      flips(square, pLo, pHi, oLo, oHi);
      const fLo = out.lo | (square < 32 ? 1 << square : 0);
      const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
      const qLo = oLo & ~fLo;
      const qHi = oHi & ~fHi;
      const rLo = pLo | fLo;
      const rHi = pHi | fHi;
      let score: number;
      if (i === 0)
        score = -this.search(qLo, qHi, rLo, rHi, depth - 1, -beta, -alpha, false, ply + 1);
      else {
        score = -this.search(qLo, qHi, rLo, rHi, depth - 1, -alpha - 1, -alpha, false, ply + 1);
        if (score > alpha && score < beta) {
          score = -this.search(qLo, qHi, rLo, rHi, depth - 1, -beta, -score, false, ply + 1);
        }
      }
      if (score > best) {
        best = score;
        bestSquare = square;
        if (score > alpha) {
          alpha = score;
          if (alpha >= beta) break;
        }
      }
    }
    t[slot] = pLo;
    t[slot + 1] = pHi;
    t[slot + 2] = oLo;
    t[slot + 3] = oHi;
    t[slot + 4] = bestSquare;
    return best;
  }
}
