import type { GameId } from '../../../core/games/gameIds.ts';

/** One line on each game for the catalogue: what a newcomer needs to follow a match. */
export const GAME_BLURBS: { readonly [id in GameId]: string } = {
  connect4: 'Drop stones into a seven-column grid; four in a row wins.',
  checkers:
    'English draughts: jump to capture, captures are a must, reach the far row to crown a king.',
};
