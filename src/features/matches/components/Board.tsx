import { COLUMNS, piecesOf, ROWS } from '../board/pieces.ts';
import './matches.css';

/**
 * A Connect Four board drawn with CSS grid. Each stone is keyed by its move number, so only a new
 * stone mounts and plays the drop animation (none under prefers-reduced-motion).
 */
export function Board({
  moves,
  count = moves.length,
  winningLine = [],
  size = 'large',
  label,
}: {
  moves: string;
  count?: number;
  winningLine?: readonly number[];
  size?: 'large' | 'mini';
  label: string;
}) {
  const pieces = piecesOf(moves, count);
  const last = pieces.at(-1);
  const winning = new Set(count === moves.length ? winningLine : []);
  return (
    <div className={`board board-${size}`} role="img" aria-label={label}>
      {Array.from({ length: COLUMNS * ROWS }, (_, index) => {
        const column = (index % COLUMNS) + 1;
        const row = ROWS - 1 - Math.floor(index / COLUMNS);
        return (
          <span
            key={`hole-${column}-${row}`}
            className="hole"
            style={{ gridColumn: column, gridRow: ROWS - row }}
          />
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
    </div>
  );
}
