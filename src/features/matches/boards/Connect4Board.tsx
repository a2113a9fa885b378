import { useState } from 'react';
import { columnText } from '#src/features/matches/board/columnText.ts';
import { COLUMNS, type Piece, piecesOf, ROWS } from '#src/features/matches/board/pieces.ts';
import './connect4.css';
import { BoardFrame } from './BoardFrame.tsx';
import type { BoardProps } from './boardProps.ts';

/** The column a key moves the reading cursor to, or null if the key is not a board key. */
function nextColumn(key: string, column: number | null): number | null {
  if (key === 'ArrowRight') return column === null ? 1 : Math.min(COLUMNS, column + 1);
  if (key === 'ArrowLeft') return column === null ? COLUMNS : Math.max(1, column - 1);
  if (key === 'Home') return 1;
  if (key === 'End') return COLUMNS;
  if (/^[1-7]$/.test(key)) return Number(key);
  return null;
}

/**
 * A Connect Four board drawn with CSS grid. Each stone is keyed by its move number, so only a new
 * stone mounts and plays the drop animation (styles/base.css turns it off under reduced motion).
 * Given the players' `names`, the board is focusable and read column by column with the arrow
 * keys (Home, End and 1–7 jump), each column spoken bottom up through a live region.
 */
export function Connect4Board({
  moves,
  count = moves.length,
  resultCells = [],
  size = 'large',
  label,
  names,
}: BoardProps) {
  const pieces = piecesOf(moves, count);
  const [readColumn, setReadColumn] = useState<number | null>(null);
  const grid = <BoardGrid pieces={pieces} count={count} moves={moves} winningLine={resultCells} />;
  const reader = names && {
    hint: 'Left and right arrow keys read the board column by column.',
    reading: readColumn === null ? '' : columnText(pieces, readColumn, names),
    readingTestId: 'board-column',
    onKey: (key: string) => {
      const column = nextColumn(key, readColumn);
      if (column !== null) setReadColumn(column);
      return column !== null;
    },
  };
  return (
    <BoardFrame className={`board board-${size}`} label={label} reader={reader}>
      {grid}
      {readColumn === null ? null : (
        <span className="column-cursor" style={{ gridColumn: readColumn }} />
      )}
    </BoardFrame>
  );
}

function BoardGrid({
  pieces,
  moves,
  count,
  winningLine,
}: {
  pieces: Piece[];
  moves: string;
  count: number;
  winningLine: readonly number[];
}) {
  const last = pieces.at(-1);
  const winning = new Set(count === moves.length ? winningLine : []);
  return (
    <>
      {Array.from({ length: COLUMNS * ROWS }, (_, index) => {
        const column = (index % COLUMNS) + 1;
        const row = ROWS - 1 - Math.floor(index / COLUMNS);
        return (
          // Placed by class, not a style attribute: prerendered pages carry these holes in their
          // markup, which holds nothing inline (tests/e2e/securityHeaders.test.ts).
          <span key={`hole-${column}-${row}`} className={`hole col-${column} row-${ROWS - row}`} />
        );
      })}
      {pieces.map((piece) => (
        <span
          key={piece.ply}
          className={[
            'piece',
            `player-${piece.player}`,
            piece === last ? 'last' : '',
            winning.has(piece.row * COLUMNS + piece.column - 1) ? 'winning' : '',
          ].join(' ')}
          data-ply={piece.ply}
          style={{
            gridColumn: piece.column,
            gridRow: ROWS - piece.row,
            ['--drop-rows' as string]: ROWS - piece.row,
          }}
        />
      ))}
    </>
  );
}
