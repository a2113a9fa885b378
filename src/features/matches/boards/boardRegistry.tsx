import { type ComponentType, lazy } from 'react';
import type { GameId } from '#core/games/gameIds.ts';
import type { BoardProps } from './boardProps.ts';
import { Connect4Board } from './Connect4Board.tsx';

/**
 * The board of each registered game. Connect Four's is part of the first load (Home's featured
 * match prerenders it); a board that is not loads with the first page that draws one, through
 * `lazy`. Typed by `GameId`, so a game without a board does not compile.
 */
export const BOARDS: { readonly [id in GameId]: ComponentType<BoardProps> } = {
  connect4: Connect4Board,
  othello: lazy(() =>
    import('./OthelloBoard.tsx').then((module) => ({ default: module.OthelloBoard })),
  ),
  checkers: lazy(() =>
    import('./CheckersBoard.tsx').then((module) => ({ default: module.CheckersBoard })),
  ),
};
