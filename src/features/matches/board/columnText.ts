import { COLUMNS, type Piece, ROWS } from './pieces.ts';

/**
 * What a screen reader says for one column of the board: its stones from the bottom up, named by
 * player, then how many holes are left, e.g. "Column 4: Ada, Bo, Ada, 3 empty".
 */
export function columnText(
  pieces: readonly Piece[],
  column: number,
  names: readonly [string, string],
): string {
  const stones = pieces
    .filter((piece) => piece.column === column)
    .sort((a, b) => a.row - b.row)
    .map((piece) => names[piece.player - 1]);
  const empty = ROWS - stones.length;
  const parts = [...stones, empty === ROWS ? 'empty' : empty > 0 ? `${empty} empty` : 'full'];
  return `Column ${column} of ${COLUMNS}: ${parts.join(', ')}`;
}
