import type { AgentStyle } from '../../agents/traits.ts';
import { PASS } from './squares.ts';

const CORNERS = new Set(['a1', 'h1', 'a8', 'h8']);

/**
 * A one-line reason a watcher can read for a move: the pass, the exact result when solved,
 * a corner, or the style's habit (mobility, stability).
 */
export function othelloMoveReason(
  move: string,
  details: { exactScore: number | null; blunder: boolean; style: AgentStyle; flipped: number },
): string {
  if (move === PASS) return 'Has no move and passes';
  if (details.blunder) return `Plays ${move} on instinct`;
  const score = details.exactScore;
  if (score !== null) {
    if (score > 0) return `Solves the endgame: wins by ${score} with ${move}`;
    if (score === 0) return `Solves the endgame: holds the draw with ${move}`;
    return `Solves the endgame: loses by ${-score} at best, plays ${move}`;
  }
  if (CORNERS.has(move)) return `Takes the ${move} corner`;
  if (details.style === 'aggressive')
    return `Keeps mobility and presses with ${move}, flipping ${details.flipped}`;
  if (details.style === 'defensive') return `Plays the quiet ${move}, keeping stable discs`;
  return `Keeps mobility with ${move}, flipping ${details.flipped}`;
}
