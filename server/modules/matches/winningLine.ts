import { Connect4Position } from '../../../core/games/connect4/position.ts';

/**
 * The cells of the four in a row that ended a game with these moves, or null when no four did
 * (a draw, a match still going or cancelled). The server sends them, so no client needs the rules.
 */
export function winningLineOf(moves: string): number[] | null {
  const outcome = Connect4Position.fromMoves(moves).outcome();
  return outcome.status === 'won' ? outcome.line : null;
}
