import type { GameId } from '../../../core/games/gameIds.ts';
import { gameOf } from '../../../core/games/registry.ts';
import { replay } from '../../../core/games/replay.ts';

/**
 * The cells that show how a game with these moves ended (the winning four, the winner's discs),
 * or none while it goes on, for a draw without any, or after a result no position shows (a
 * timeout). The server sends them, so no client needs a game's rules to draw the result.
 */
export function resultCellsOf(game: GameId, moves: string): number[] {
  const definition = gameOf(game);
  const outcome = definition.outcome(replay(definition, moves).state);
  return outcome.status === 'finished' ? outcome.cells : [];
}
