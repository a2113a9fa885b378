import type { AgentStyle } from '#core/agents/traits.ts';
import { type MovePath, pathNotation } from './paths.ts';
import { WIN } from './search.ts';
import { CROWN_ROW, columnOf, popcount32, rowOf, squaresOf } from './squares.ts';
import type { CheckersState } from './state.ts';

const COUNTS = ['no', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];
const JUMPS = ['', '', 'A double jump: t', 'A triple jump: t'];

/** What the chosen move's search said, for its one-line reason. */
export interface ReasonDetails {
  /** The engine's score of the move for the mover, or null when it was not searched. */
  score: number | null;
  proven: boolean;
  blunder: boolean;
  onlyMove: boolean;
  /** Whether the move leaves the opponent a capture (an exchange offer or a sacrifice). */
  offersCapture: boolean;
  style: AgentStyle;
}

/**
 * One line a watcher can read: what the move does on the board ("A double jump: takes two men
 * with 9x18x27", "Crowns a king on 29", "Trades when ahead with 22-18", "Leaves the back rank
 * with 1-6", a king brought closer), then a proven result's length where the search proved one.
 */
export function moveReason(state: CheckersState, move: MovePath, details: ReasonDetails): string {
  const action = whatItDoes(state, move, details);
  if (details.blunder) return `On instinct: ${action.charAt(0).toLowerCase()}${action.slice(1)}`;
  if (details.proven && details.score !== null && details.score > 0) {
    const moves = Math.ceil((WIN - details.score) / 2);
    return `${action}: a forced win in ${moves} move${moves === 1 ? '' : 's'}`;
  }
  if (details.proven && details.score !== null && details.score < 0) {
    return `${action}, though lost with best play`;
  }
  return action;
}

function whatItDoes(state: CheckersState, move: MovePath, details: ReasonDetails): string {
  const notation = pathNotation(move);
  const to = move.path[move.path.length - 1]!;
  const from = move.path[0]!;
  const king = (state.kings & (1 << from)) !== 0;
  const crowns = !king && (CROWN_ROW[state.side] & (1 << to)) !== 0;
  const own = state.side === 0 ? state.dark : state.light;
  const other = state.side === 0 ? state.light : state.dark;
  if (move.captured !== 0) {
    const taken = describeCaptured(move.captured, state.kings);
    const jumps = popcount32(move.captured);
    const opening = JUMPS[jumps] ?? `A ${jumps}-piece jump: t`;
    return `${jumps > 1 ? opening : 'T'}akes ${taken} with ${notation}${crowns ? ` and crowns on ${to + 1}` : ''}`;
  }
  if (crowns) return `Crowns a king on ${to + 1}`;
  if (details.onlyMove) return `Plays the only move, ${notation}`;
  if (details.offersCapture) {
    if (popcount32(own) > popcount32(other)) return `Trades when ahead with ${notation}`;
    return `Offers an exchange with ${notation}`;
  }
  // dark men go up the rows (0 to 7), light men down
  const forward = state.side === 0 ? rowOf(to) : 7 - rowOf(to);
  if (!king && forward === 6) return `Runs to ${to + 1}, one step from crowning`;
  if (king) {
    const before = nearestDistance(from, other);
    const after = nearestDistance(to, other);
    if (after < before) return `Brings a king closer with ${notation}`;
    if (after > before) return `Pulls a king back with ${notation}`;
    return `Repositions a king with ${notation}`;
  }
  if ((state.side === 0 ? rowOf(from) : 7 - rowOf(from)) === 0) {
    return `Leaves the back rank with ${notation}`;
  }
  const column = columnOf(to);
  if (column >= 2 && column <= 5 && (rowOf(to) === 3 || rowOf(to) === 4)) {
    return `Takes the centre with ${notation}`;
  }
  if (column === 0 || column === 7) return `Moves to the side with ${notation}`;
  if (details.style === 'aggressive') return `Presses forward with ${notation}`;
  if (details.style === 'defensive') return `Keeps a solid shape with ${notation}`;
  return `Develops with ${notation}`;
}

/** Diagonal steps (king moves) from `square` to the nearest piece of `pieces`. */
function nearestDistance(square: number, pieces: number): number {
  let nearest = Number.POSITIVE_INFINITY;
  for (const piece of squaresOf(pieces)) {
    const distance = Math.max(
      Math.abs(rowOf(piece) - rowOf(square)),
      Math.abs(columnOf(piece) - columnOf(square)),
    );
    nearest = Math.min(nearest, distance);
  }
  return nearest;
}

function describeCaptured(captured: number, kings: number): string {
  const kingCount = popcount32(captured & kings);
  const menCount = popcount32(captured & ~kings);
  const part = (count: number, one: string, many: string) =>
    `${COUNTS[count] ?? count} ${count === 1 ? one : many}`;
  if (kingCount === 0) return part(menCount, 'man', 'men');
  if (menCount === 0) return part(kingCount, 'king', 'kings');
  return `${part(kingCount, 'king', 'kings')} and ${part(menCount, 'man', 'men')}`;
}
