import { Suspense } from 'react';
import type { GameId } from '#core/games/gameIds.ts';
import type { BoardProps } from './boardProps.ts';
import { BOARDS } from './boardRegistry.tsx';

/**
 * The board of a match of any game. While a lazily loaded board arrives, an empty square of the
 * same size keeps the page from jumping and already carries the picture's name.
 */
export function GameBoard({ game, ...props }: BoardProps & { game: GameId }) {
  const Board = BOARDS[game];
  const placeholder = (
    <div
      className={`board-loading board-${props.size ?? 'large'}`}
      role="img"
      aria-label={props.label}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <Board {...props} />
    </Suspense>
  );
}
