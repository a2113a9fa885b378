import type { GameId } from './gameIds.ts';

/**
 * Display names of the registered games, for pages that list games without loading their rules
 * (`registry.test.ts` checks each equals its definition's `name`).
 */
export const GAME_NAMES: { readonly [id in GameId]: string } = {
  connect4: 'Connect Four',
  othello: 'Othello',
  checkers: 'Checkers',
};
