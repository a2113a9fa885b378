import type { AgentStyle } from '#core/agents/traits.ts';
import { othelloMoveFacts } from './boardFacts.ts';
import type { OthelloState } from './position.ts';
import { PASS, squareIndex } from './squares.ts';

/** What the agent knew of the move beyond the board. */
export interface OthelloReasonDetails {
  /** The solver's final disc difference for the mover, where it solved the position. */
  exactScore: number | null;
  blunder: boolean;
  style: AgentStyle;
}

/** From this many empties on, parity (who gets the last move of each region) decides games. */
const PARITY_EMPTIES = 14;

/**
 * A one-line reason a watcher can read: what the disc does on the board (a corner, a wipeout,
 * a pass forced, stable discs, X- and C-squares given away, parity, mobility, edges, frontier),
 * then the exact result where the agent solved the endgame.
 */
export function othelloMoveReason(
  state: OthelloState,
  move: string,
  details: OthelloReasonDetails,
): string {
  if (move === PASS) return 'Has no move and passes';
  const action = whatItDoes(state, move, details.style);
  if (details.blunder) return `On instinct, ${action}`;
  const score = details.exactScore;
  const sentence = capitalise(action);
  if (score === null) return sentence;
  if (score > 0) return `${sentence}: wins by ${score} with perfect play`;
  if (score === 0) return `${sentence}: a draw with perfect play`;
  return `${sentence}: loses by ${-score} at best`;
}

function whatItDoes(state: OthelloState, move: string, style: AgentStyle): string {
  const facts = othelloMoveFacts(state, squareIndex(move));
  const opponent = state.toMove === 0 ? 'White' : 'Black';
  if (facts.wipeout) return `wipes out ${opponent}'s last discs with ${move}`;
  if (facts.corner) return `takes the ${move} corner`;
  if (facts.opponentMustPass) return `leaves ${opponent} no move with ${move}: ${opponent} passes`;
  if (facts.stableGained >= 3) return `makes ${facts.stableGained} discs stable with ${move}`;
  if (facts.xSquare) return `risks the X-square ${move} beside an open corner`;
  if (facts.cSquare) return `plays the C-square ${move}, next to an open corner`;
  if (facts.empties <= PARITY_EMPTIES && facts.oddRegion) {
    return `keeps parity with ${move}, playing into an odd region`;
  }
  const cut = facts.opponentMovesBefore - facts.opponentMovesAfter;
  if (facts.opponentMovesAfter <= 2) {
    return `holds ${opponent} to ${facts.opponentMovesAfter} move${facts.opponentMovesAfter === 1 ? '' : 's'} with ${move}`;
  }
  if (cut >= 2) return `takes ${cut} moves away from ${opponent} with ${move}`;
  if (cut <= -3) return `opens ${-cut} more moves for ${opponent} with ${move}`;
  if (facts.edge) return `takes the edge square ${move}, flipping ${facts.flipped}`;
  if (facts.flipped >= 6) return `flips ${facts.flipped} discs at once with ${move}`;
  if (facts.flipped === 1 && facts.frontierChange <= 0) {
    return `a quiet ${move}, flipping a single disc`;
  }
  if (facts.frontierChange < 0) return `tucks in with ${move}, shrinking its frontier`;
  if (facts.frontierChange >= 3) {
    return `spreads out with ${move}, exposing ${facts.frontierChange} more discs`;
  }
  if (style === 'aggressive') return `presses with ${move}, flipping ${facts.flipped}`;
  if (style === 'defensive') return `plays the solid ${move}, keeping its discs together`;
  return `keeps mobility with ${move}, flipping ${facts.flipped}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
