import { HEIGHT, WIDTH } from '#core/games/connect4/bitboard.ts';
import type { Connect4Position } from '#core/games/connect4/position.ts';

/** Column and row steps of the four line directions: across, up, and the two diagonals. */
const DIRECTIONS = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
] as const;

/** What a stone dropped in a column does to the lines of four through its cell. */
export interface LineFacts {
  /** Row of the new stone, 1 at the bottom. */
  row: number;
  /** Lines through the cell holding none of the opponent's stones and two or more of the mover's. */
  linesBuilt: number;
  /** Lines through the cell that held two of the opponent's stones and none of the mover's. */
  linesCut: number;
  /** Who holds the cell below: 'own', 'opponent' or null on the bottom row. */
  below: 'own' | 'opponent' | null;
  /** The stone fills its column to the top. */
  closesColumn: boolean;
}

/** Looks at the windows of four through the cell `column` would fill, before it is filled. */
export function lineFacts(position: Connect4Position, column: number): LineFacts {
  const row = position.columnHeights()[column - 1]!;
  const mover = position.toMove;
  let linesBuilt = 0;
  let linesCut = 0;
  for (const [dc, dr] of DIRECTIONS) {
    for (let offset = -3; offset <= 0; offset++) {
      let own = 0;
      let other = 0;
      let inside = true;
      for (let step = 0; step < 4 && inside; step++) {
        const c = column + (offset + step) * dc;
        const r = row + (offset + step) * dr;
        if (c < 1 || c > WIDTH || r < 0 || r >= HEIGHT) inside = false;
        else if (c !== column || r !== row) {
          const cell = position.cellAt(c, r);
          if (cell === mover) own++;
          else if (cell !== 0) other++;
        }
      }
      if (!inside) continue;
      // the new stone counts as the mover's
      if (other === 0 && own + 1 >= 2) linesBuilt++;
      if (own === 0 && other >= 2) linesCut++;
    }
  }
  const under = row === 0 ? 0 : position.cellAt(column, row - 1);
  return {
    row: row + 1,
    linesBuilt,
    linesCut,
    below: under === 0 ? null : under === mover ? 'own' : 'opponent',
    closesColumn: row + 1 === HEIGHT,
  };
}

/** Columns (1..7) where the side to move of `position` would complete four at once. */
export function immediateWins(position: Connect4Position): number[] {
  const wins: number[] = [];
  for (let column = 1; column <= WIDTH; column++) {
    if (position.isWinningMove(column)) wins.push(column);
  }
  return wins;
}

/** Columns where the opponent of the side to move would win if it were their turn. */
export function opponentWins(position: Connect4Position): number[] {
  const swapped = position.clone();
  // a null move is not a legal play: look at the board from the other side instead
  swapped.currentLo ^= swapped.maskLo;
  swapped.currentHi ^= swapped.maskHi;
  return immediateWins(swapped);
}

/**
 * Empty cells (column, row from 1) that would complete four for `player`, whether or not they
 * can be played yet: the threats of Connect Four strategy, whose row parity decides endgames.
 */
export function threatCells(position: Connect4Position, player: 1 | 2): [number, number][] {
  const cells: [number, number][] = [];
  for (let column = 1; column <= WIDTH; column++) {
    for (let row = 0; row < HEIGHT; row++) {
      if (position.cellAt(column, row) === 0 && completesFour(position, player, column, row)) {
        cells.push([column, row + 1]);
      }
    }
  }
  return cells;
}

function completesFour(
  position: Connect4Position,
  player: 1 | 2,
  column: number,
  row: number,
): boolean {
  for (const [dc, dr] of DIRECTIONS) {
    let run = 1;
    for (const sign of [1, -1]) {
      for (let step = 1; step < 4; step++) {
        const c = column + sign * step * dc;
        const r = row + sign * step * dr;
        if (c < 1 || c > WIDTH || r < 0 || r >= HEIGHT || position.cellAt(c, r) !== player) break;
        run++;
      }
    }
    if (run >= 4) return true;
  }
  return false;
}
