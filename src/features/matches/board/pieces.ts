/** Board size of Connect Four. */
export const COLUMNS = 7;
/** @see COLUMNS */
export const ROWS = 6;

/** One stone on the board: which move dropped it, where it lies (row 0 at the bottom), whose. */
export interface Piece {
  ply: number;
  column: number;
  row: number;
  player: 1 | 2;
}

/** The stones after the first `count` moves of a move string. */
export function piecesOf(moves: string, count = moves.length): Piece[] {
  const heights = new Array<number>(COLUMNS + 1).fill(0);
  const pieces: Piece[] = [];
  for (let i = 0; i < Math.min(count, moves.length); i++) {
    const column = Number(moves[i]);
    const row = heights[column] ?? 0;
    heights[column] = row + 1;
    pieces.push({ ply: i + 1, column, row, player: i % 2 === 0 ? 1 : 2 });
  }
  return pieces;
}
