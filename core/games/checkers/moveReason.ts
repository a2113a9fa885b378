import type { AgentStyle } from '../../agents/traits.ts';
import { type MovePath, pathNotation } from './paths.ts';
import { WIN } from './search.ts';
import { CROWN_ROW, popcount32 } from './squares.ts';
import type { CheckersState } from './state.ts';

const COUNTS = ['no', 'a', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

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
 * One line a watcher can read: "Takes two men with 9x18x27", "Crowns a king on 29",
 * "Trades when ahead with 22-18", a forced win's length, or the style's habit.
 */
export function moveReason(state: CheckersState, move: MovePath, details: ReasonDetails): string {
  const notation = pathNotation(move);
  const to = move.path[move.path.length - 1]! + 1;
  const from = move.path[0]!;
  const king = (state.kings & (1 << from)) !== 0;
  const crowns = !king && (CROWN_ROW[state.side] & (1 << (to - 1))) !== 0;
  if (details.blunder) return `Plays on instinct: ${notation}`;
  if (details.proven && details.score !== null && details.score > 0) {
    const moves = Math.ceil((WIN - details.score) / 2);
    return `Forces a win in ${moves} move${moves === 1 ? '' : 's'} with ${notation}`;
  }
  if (move.captured !== 0) {
    const taken = describeCaptured(move.captured, state.kings);
    return `Takes ${taken} with ${notation}${crowns ? ` and crowns on ${to}` : ''}`;
  }
  if (crowns) return `Crowns a king on ${to}`;
  if (details.proven && details.score !== null && details.score < 0) {
    return `Delays the loss with ${notation}`;
  }
  if (details.onlyMove) return `Plays the only move, ${notation}`;
  if (details.offersCapture) {
    const own = state.side === 0 ? state.dark : state.light;
    const other = state.side === 0 ? state.light : state.dark;
    if (popcount32(own) > popcount32(other)) return `Trades when ahead with ${notation}`;
    return `Offers an exchange with ${notation}`;
  }
  if (king) return `Repositions a king with ${notation}`;
  if (details.style === 'aggressive') return `Presses forward with ${notation}`;
  if (details.style === 'defensive') return `Keeps a solid shape with ${notation}`;
  return `Develops with ${notation}`;
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
