import { checkersGame } from './checkers/game.ts';
import { connect4Game } from './connect4/game.ts';
import type { GameDefinition } from './definition.ts';
import type { GameId } from './gameIds.ts';
import { othelloGame } from './othello/game.ts';

/**
 * Every game the platform runs, by id. Adding a game is one folder in `core/games`, one line
 * here and in `gameIds.ts`, and one board in the client's registry.
 */
export const GAMES: { readonly [id in GameId]: GameDefinition } = {
  connect4: connect4Game,
  othello: othelloGame,
  checkers: checkersGame,
};

/** The definition of a registered game. */
export function gameOf(id: GameId): GameDefinition {
  return GAMES[id];
}
