import { useState } from 'react';
import { BoardFrame } from './BoardFrame.tsx';
import type { BoardProps } from './boardProps.ts';
import { othelloSquares, othelloSquareText } from './othelloSquares.ts';
import './othello.css';

/** The square a key moves the reading cursor to (rank 8 is up), or null for other keys. */
function nextSquare(key: string, square: number | null): number | null {
  const at = square ?? 0;
  const file = at & 7;
  const rank = at >> 3;
  if (square === null && key.startsWith('Arrow')) return 0;
  if (key === 'ArrowRight') return rank * 8 + Math.min(7, file + 1);
  if (key === 'ArrowLeft') return rank * 8 + Math.max(0, file - 1);
  if (key === 'ArrowUp') return Math.min(7, rank + 1) * 8 + file;
  if (key === 'ArrowDown') return Math.max(0, rank - 1) * 8 + file;
  if (key === 'Home') return rank * 8;
  if (key === 'End') return rank * 8 + 7;
  return null;
}

// rank 8 on top, as on a printed diagram: the grid is filled row by row in this order
const DRAW_ORDER = Array.from({ length: 64 }, (_, i) => (7 - (i >> 3)) * 8 + (i & 7));

/**
 * An Othello board: 8x8 green squares in a CSS grid, the last move marked, the discs it turned
 * over playing a flip (none under reduced motion, styles/base.css), the result's cells highlighted.
 * Everything is placed by class, nothing inline, so prerendered markup stays style-free. Given
 * the players' `names`, the board takes focus and is read square by square with the arrow keys
 * through a live region.
 */
export function OthelloBoard({
  moves,
  count,
  resultCells = [],
  size = 'large',
  label,
  names,
}: BoardProps) {
  const squares = othelloSquares(moves, count);
  const [cursor, setCursor] = useState<number | null>(null);
  const showResult = count === undefined || count >= moves.length / 2;
  const highlighted = new Set(showResult ? resultCells : []);
  const grid = DRAW_ORDER.map((square) => {
    const disc = squares.discs[square];
    return (
      <span key={square} className={`othello-square${square === cursor ? ' othello-cursor' : ''}`}>
        {disc === null || disc === undefined ? null : (
          <span
            // a new key when the colour changes remounts the disc, which replays the flip
            key={`${square}-${disc}`}
            className={[
              'othello-disc',
              disc === 0 ? 'othello-black' : 'othello-white',
              square === squares.last ? 'othello-last' : '',
              squares.flipped.has(square) ? 'othello-flipped' : '',
              highlighted.has(square) ? 'othello-result' : '',
            ].join(' ')}
          />
        )}
      </span>
    );
  });
  const reader = names && {
    hint: 'Arrow keys read the board square by square, from a1.',
    reading: cursor === null ? '' : othelloSquareText(squares, cursor, names),
    readingTestId: 'board-square',
    onKey: (key: string) => {
      const square = nextSquare(key, cursor);
      if (square !== null) setCursor(square);
      return square !== null;
    },
  };
  return (
    <BoardFrame className={`othello-board othello-${size}`} label={label} reader={reader}>
      {grid}
    </BoardFrame>
  );
}
