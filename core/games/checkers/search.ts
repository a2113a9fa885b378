import { GridmindError } from '#core/errors.ts';
import { Board, MAX_MOVES, MOVE_INTS } from './board.ts';
import { checkersEndgame } from './endgame/installed.ts';
import { distanceOf, type EndgameTables, isWin } from './endgame/tables.ts';
import { type EvalWeights, evaluate } from './evaluate.ts';
import { popcount32 } from './squares.ts';
import type { CheckersState } from './state.ts';
import { QUIET_PLIES_DRAW } from './state.ts';
import { EXACT, LOWER, type TranspositionTable, UPPER } from './transpositionTable.ts';

/** Score of a won position; a win in n plies scores `WIN - n` so shorter wins rank higher. */
export const WIN = 30_000;
/** Scores beyond this are proven wins (or, negated, losses). */
export const PROVEN = WIN - 1_000;
// below any score: bounds of the full window
const INFINITE = 32_000;
// moves after the first are scored exactly only within two men of the best; weaker ones as bounds
const ROOT_WINDOW = 200;
const MAX_PLY = 96;
const TRIED = -(2 ** 31);
const MAX_POSITIONS = QUIET_PLIES_DRAW + MAX_PLY + 2;

/** Thrown when a search runs out of its node budget or passes its deadline. */
export class SearchAborted extends GridmindError {
  override readonly name = 'SearchAborted';
}

/** Node budget and safety deadline of one decision. */
export interface SearchLimits {
  maxNodes: number;
  deadline: number;
  now: () => number;
}

/**
 * Negamax alpha-beta over a `Board`, with a transposition table, history-ordered moves and a
 * quiescence search: at the horizon a position with a capture pending (captures are mandatory)
 * is searched on until it is quiet. Repetitions (in the game or the search) and the
 * forty-move rule score 0; a side without moves loses, by distance, so small endgames are played
 * exactly once the search sees to their end.
 */
export class Search {
  nodes = 0;
  private readonly board = new Board();
  private readonly moves = new Int32Array(MAX_PLY * MAX_MOVES * MOVE_INTS);
  private readonly order = new Int32Array(MAX_PLY * MAX_MOVES);
  private readonly history = new Int32Array(32 * 32);
  private readonly keys = new Int32Array(MAX_POSITIONS * 2);
  private base = 0;
  // the endgame tables of this thread when the search starts, if any
  private endgame: EndgameTables | null = null;
  private limits: SearchLimits = { maxNodes: 0, deadline: 0, now: () => 0 };

  constructor(
    private readonly weights: EvalWeights,
    private readonly table: TranspositionTable,
  ) {
    table.reset();
  }

  /**
   * Scores of the root moves (in generation order, the order of `legalPaths`) searched `depth`
   * plies deep; throws `SearchAborted` past the limits. `best` first: the previous iteration's
   * best move, searched with the full window, the others within `ROOT_WINDOW` of it.
   */
  scoreRoot(state: CheckersState, depth: number, best: number, limits: SearchLimits): number[] {
    this.limits = limits;
    this.endgame = checkersEndgame();
    const board = this.board.set(state.dark, state.light, state.kings, state.side);
    const history = state.history.slice(-2 * (QUIET_PLIES_DRAW + 1));
    this.keys.set(history);
    this.base = history.length / 2 - 1;
    const n = board.generate(this.moves, 0);
    const scores = new Array<number>(n).fill(-INFINITE);
    const order = [best, ...Array.from({ length: n }, (_, i) => i).filter((i) => i !== best)];
    let alpha = -INFINITE;
    for (const i of order) {
      const floor = alpha === -INFINITE ? -INFINITE : alpha - ROOT_WINDOW;
      scores[i] = -this.child(0, i, depth, -INFINITE, -floor, state.quietPlies);
      if (scores[i]! > alpha) alpha = scores[i]!;
    }
    return scores;
  }

  // plays move i of `ply`, searches the position after it, takes it back
  private child(ply: number, i: number, depth: number, alpha: number, beta: number, quiet: number) {
    const board = this.board;
    const at = (ply * MAX_MOVES + i) * MOVE_INTS;
    const from = this.moves[at]!;
    const captured = this.moves[at + 2]!;
    const { dark, light, kings, side, keyIndex, keyLock } = board;
    const irreversible = captured !== 0 || (kings & (1 << from)) === 0;
    board.make(from, this.moves[at + 1]!, captured);
    const score = this.negamax(depth - 1, alpha, beta, ply + 1, irreversible ? 0 : quiet + 1);
    board.dark = dark;
    board.light = light;
    board.kings = kings;
    board.side = side;
    board.keyIndex = keyIndex;
    board.keyLock = keyLock;
    return score;
  }

  private negamax(depth: number, alpha: number, beta: number, ply: number, quiet: number): number {
    const board = this.board;
    this.nodes++;
    if (this.nodes > this.limits.maxNodes) throw new SearchAborted('Out of nodes.');
    if ((this.nodes & 1023) === 0 && this.limits.now() >= this.limits.deadline) {
      throw new SearchAborted('Out of time.');
    }
    if (quiet >= QUIET_PLIES_DRAW) return 0;
    const top = this.base + ply;
    this.keys[top * 2] = board.keyIndex;
    this.keys[top * 2 + 1] = board.keyLock;
    for (let back = 2; back <= quiet; back += 2) {
      const at = (top - back) * 2;
      if (this.keys[at] === board.keyIndex && this.keys[at + 1] === board.keyLock) return 0;
    }
    if (this.endgame && popcount32(board.dark | board.light) <= this.endgame.maxPieces) {
      // an exact value with its distance: ranked like a searched proof, a draw like a repetition
      const value = this.endgame.probe(board.dark, board.light, board.kings, board.side);
      if (value === 0) return 0;
      if (value > 0) {
        return isWin(value) ? WIN - ply - distanceOf(value) : -WIN + ply + distanceOf(value);
      }
    }
    const offset = ply * MAX_MOVES * MOVE_INTS;
    const n = board.generate(this.moves, offset);
    if (n === 0) return -WIN + ply;
    const capture = this.moves[offset + 2] !== 0;
    if ((depth <= 0 && !capture) || ply >= MAX_PLY - 1) return evaluate(board, this.weights);

    let ttMove = -1;
    if (depth > 0) {
      const entry = this.table.probe(board.keyIndex, board.keyLock);
      if (entry >= 0) {
        ttMove = this.table.move(entry);
        if (this.table.depth(entry) >= depth) {
          const score = fromTable(this.table.score(entry), ply);
          const bound = this.table.bound(entry);
          if (bound === EXACT) return score;
          if (bound === LOWER && score >= beta) return score;
          if (bound === UPPER && score <= alpha) return score;
        }
      }
    }

    const orderAt = ply * MAX_MOVES;
    for (let i = 0; i < n; i++) {
      const at = offset + i * MOVE_INTS;
      this.order[orderAt + i] =
        i === ttMove
          ? 1 << 30
          : popcount32(this.moves[at + 2]!) * 100_000 +
            this.history[this.moves[at]! * 32 + this.moves[at + 1]!]!;
    }
    const alphaStart = alpha;
    let best = -INFINITE;
    let bestMove = 0;
    for (let k = 0; k < n; k++) {
      // Selection, one step per move tried (a cut-off usually comes early). Moves keep their
      // slots, since the table and the history name them by generation index: a tried move's
      // order is set below any other.
      let i = 0;
      for (let j = 1; j < n; j++) {
        if (this.order[orderAt + j]! > this.order[orderAt + i]!) i = j;
      }
      this.order[orderAt + i] = TRIED;
      const score = -this.child(ply, i, depth, -beta, -alpha, quiet);
      if (score > best) {
        best = score;
        bestMove = i;
        if (score > alpha) alpha = score;
        if (alpha >= beta) {
          const at = offset + i * MOVE_INTS;
          const slot = this.moves[at]! * 32 + this.moves[at + 1]!;
          // capped below the table move's order value, however long the search runs
          if (depth > 0)
            this.history[slot] = Math.min(this.history[slot]! + depth * depth, 1 << 29);
          break;
        }
      }
    }
    if (depth > 0) {
      const bound = best <= alphaStart ? UPPER : best >= beta ? LOWER : EXACT;
      this.table.store(board.keyIndex, board.keyLock, toTable(best, ply), depth, bound, bestMove);
    }
    return best;
  }
}

// proven scores are stored relative to the node, so they stay right at any depth of the tree
function toTable(score: number, ply: number): number {
  return score > PROVEN ? score + ply : score < -PROVEN ? score - ply : score;
}

function fromTable(score: number, ply: number): number {
  return score > PROVEN ? score - ply : score < -PROVEN ? score + ply : score;
}
