import type { AgentStyle } from '#core/agents/traits.ts';
import {
  BOARD_HI,
  BOARD_LO,
  BOTTOM_HI,
  BOTTOM_LO,
  CELLS,
  COLUMN_HI,
  COLUMN_LO,
  COLUMN_ORDER,
  popcount32,
  WIDTH,
  winningCells,
  winningHi,
} from '#core/games/connect4/bitboard.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';
import { noClock, SearchAborted, type SearchBudget } from '#core/games/connect4/searchBudget.ts';

/** Score of a win found by the heuristic search; sooner wins score higher. */
const WIN_SCORE = 10_000;

const STRIDE = WIDTH + 1;
const CLOCK_CHECK_EVERY = 1023;
// Centre column cells: stones there take part in the most alignments.
const CENTRE_LO = COLUMN_LO[3]!;
const CENTRE_HI = COLUMN_HI[3]!;

/** How much an agent of each style values its own open cells of four versus the opponent's. */
const STYLE_WEIGHTS: Record<AgentStyle, { own: number; opponent: number }> = {
  aggressive: { own: 24, opponent: 12 },
  balanced: { own: 16, opponent: 16 },
  defensive: { own: 12, opponent: 24 },
};

/**
 * Depth-limited alpha-beta for agents below perfect play: same bitboards and forced-move logic as
 * the solver, a static evaluation at the horizon (open cells that would complete four, weighted by
 * style, plus centre control). Deterministic: its effort is counted in nodes.
 */
export class HeuristicSearch {
  /** Nodes explored since construction. */
  nodes = 0;
  private readonly ownWeight: number;
  private readonly opponentWeight: number;
  private readonly moveLo = new Int32Array((CELLS + 1) * STRIDE);
  private readonly moveHi = new Int32Array((CELLS + 1) * STRIDE);
  private readonly moveScore = new Int32Array((CELLS + 1) * STRIDE);
  private maxNodes = Number.POSITIVE_INFINITY;
  private deadline = Number.POSITIVE_INFINITY;
  private now: () => number = noClock;

  constructor(style: AgentStyle) {
    this.ownWeight = STYLE_WEIGHTS[style].own;
    this.opponentWeight = STYLE_WEIGHTS[style].opponent;
  }

  /**
   * Score of every column (index 0 = column 1, null when unplayable) searched `depth` plies deep,
   * from the mover's side. Throws `SearchAborted` past the budget.
   */
  scoreMoves(position: Connect4Position, depth: number, budget: SearchBudget): (number | null)[] {
    this.maxNodes = budget.maxNodes ?? Number.POSITIVE_INFINITY;
    this.deadline = budget.deadline ?? Number.POSITIVE_INFINITY;
    this.now = budget.now ?? noClock;
    const scores: (number | null)[] = [];
    for (let column = 1; column <= WIDTH; column++) {
      if (!position.canPlay(column)) scores.push(null);
      else if (position.isWinningMove(column)) scores.push(WIN_SCORE + CELLS - position.nbMoves);
      else {
        position.play(column);
        const { currentLo, currentHi, maskLo, maskHi, nbMoves } = position;
        position.undo();
        const child = this.negamax(
          currentLo,
          currentHi,
          maskLo,
          maskHi,
          nbMoves,
          depth - 1,
          -2 * WIN_SCORE,
          2 * WIN_SCORE,
        );
        scores.push(0 - child);
      }
    }
    return scores;
  }

  /** Static value for the side to move (exposed for the reason lines and tests). */
  evaluate(cl: number, ch: number, ml: number, mh: number): number {
    const own = popcount32(winningCells(cl, ch, ml, mh)) + popcount32(winningHi);
    const oppLo = cl ^ ml;
    const oppHi = ch ^ mh;
    const theirs = popcount32(winningCells(oppLo, oppHi, ml, mh)) + popcount32(winningHi);
    const centre =
      popcount32(cl & CENTRE_LO) +
      popcount32(ch & CENTRE_HI) -
      popcount32(oppLo & CENTRE_LO) -
      popcount32(oppHi & CENTRE_HI);
    return own * this.ownWeight - theirs * this.opponentWeight + centre * 6;
  }

  private negamax(
    cl: number,
    ch: number,
    ml: number,
    mh: number,
    nb: number,
    depth: number,
    alphaIn: number,
    beta: number,
  ): number {
    let alpha = alphaIn;
    const nodes = ++this.nodes;
    if (nodes > this.maxNodes) throw new SearchAborted('Search stopped: node budget spent.');
    if ((nodes & CLOCK_CHECK_EVERY) === 0 && this.now() >= this.deadline) {
      throw new SearchAborted('Search stopped: deadline reached.');
    }
    if (nb >= CELLS) return 0;
    // the words hold whole columns, so `mask + bottom` never carries between them
    let possLo = (ml + BOTTOM_LO) & BOARD_LO;
    let possHi = (mh + BOTTOM_HI) & BOARD_HI;
    const ownLo = winningCells(cl, ch, ml, mh);
    if (((ownLo & possLo) | (winningHi & possHi)) !== 0) return WIN_SCORE + CELLS - nb;
    const oppLo = winningCells(cl ^ ml, ch ^ mh, ml, mh);
    const oppHi = winningHi;
    const forcedLo = possLo & oppLo;
    const forcedHi = possHi & oppHi;
    const lost = -(WIN_SCORE + CELLS - nb - 1);
    if ((forcedLo | forcedHi) !== 0) {
      const restLo = forcedLo & (forcedLo - 1);
      const restHi = forcedLo !== 0 ? forcedHi : forcedHi & (forcedHi - 1);
      if ((restLo | restHi) !== 0) return lost;
      possLo = forcedLo;
      possHi = forcedHi;
    }
    // not under an opponent's winning cell; column 5's bottom sits above column 4's sentinel
    possLo &= ~(oppLo >>> 1);
    possHi &= ~(oppHi >>> 1);
    if ((possLo | possHi) === 0) return lost;
    if (depth <= 0) return this.evaluate(cl, ch, ml, mh);

    const base = nb * STRIDE;
    let count = 0;
    for (let i = WIDTH - 1; i >= 0; i--) {
      const col = COLUMN_ORDER[i]!;
      const mvLo = possLo & COLUMN_LO[col]!;
      const mvHi = possHi & COLUMN_HI[col]!;
      if ((mvLo | mvHi) === 0) continue;
      const score = popcount32(winningCells(cl | mvLo, ch | mvHi, ml, mh)) + popcount32(winningHi);
      let pos = count++;
      while (pos > 0 && this.moveScore[base + pos - 1]! > score) {
        this.moveLo[base + pos] = this.moveLo[base + pos - 1]!;
        this.moveHi[base + pos] = this.moveHi[base + pos - 1]!;
        this.moveScore[base + pos] = this.moveScore[base + pos - 1]!;
        pos--;
      }
      this.moveLo[base + pos] = mvLo;
      this.moveHi[base + pos] = mvHi;
      this.moveScore[base + pos] = score;
    }
    let best = -2 * WIN_SCORE;
    while (count > 0) {
      count--;
      const mvLo = this.moveLo[base + count]!;
      const mvHi = this.moveHi[base + count]!;
      // `0 - x`, never `-x`: -0 is a double and deoptimises the search (see solver.ts)
      const score =
        0 -
        this.negamax(
          cl ^ ml,
          ch ^ mh,
          ml | mvLo,
          mh | mvHi,
          nb + 1,
          depth - 1,
          0 - beta,
          0 - alpha,
        );
      if (score > best) best = score;
      if (score > alpha) alpha = score;
      if (alpha >= beta) break;
    }
    return best;
  }
}
