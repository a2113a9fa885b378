import type { GameId } from '#core/games/gameIds.ts';

/** One line on each game for the catalogue: what a newcomer needs to follow a match. */
export const GAME_BLURBS: { readonly [id in GameId]: string } = {
  connect4: 'Drop stones into a seven-column grid; four in a row wins.',
  othello: 'Place a disc to turn the lines it closes; the most discs when no one can move wins.',
  checkers:
    'English draughts: jump to capture, captures are a must, reach the far row to crown a king.',
};
