import { ValidationError } from '#core/errors.ts';
import {
  CELLS,
  COLUMN_BITS,
  COLUMN_HI,
  COLUMN_LO,
  HEIGHT,
  hasAlignment,
  LOW_BITS,
  pairOut,
  playableCells,
  WIDTH,
  winningCells,
  winningHi,
} from './bitboard.ts';

/** Who holds a cell: 0 empty, 1 the first player, 2 the second. */
export type Cell = 0 | 1 | 2;

/** State of a game: still running, won by player 1 or 2 (with the four cells), or drawn. */
export type Connect4Outcome =
  | { status: 'ongoing' }
  | { status: 'won'; winner: 1 | 2; line: number[] }
  | { status: 'draw' };

const TWO_28 = 2 ** LOW_BITS;

/** Cell index used by `winningLine` and `cells`: `row * 7 + (column - 1)`, row 0 at the bottom. */
export function cellIndex(column: number, row: number): number {
  return row * WIDTH + column - 1;
}

/**
 * A Connect Four position, built from the move string of the solver literature (columns '1'..'7',
 * first player first). Mutable through `play` / `undo`; bitboards kept as two 32-bit words (see bitboard.ts).
 */
export class Connect4Position {
  /** Stones of the player to move, low/high halves. */
  currentLo = 0;
  currentHi = 0;
  /** Occupied cells, low/high halves. */
  maskLo = 0;
  maskHi = 0;
  private history = '';
  private readonly grid = new Uint8Array(CELLS);
  private readonly heights = new Uint8Array(WIDTH);
  private winLine: number[] | null = null;

  /** Parses a move string; throws `ValidationError` naming the first bad character or move. */
  static fromMoves(moves: string): Connect4Position {
    const position = new Connect4Position();
    for (let i = 0; i < moves.length; i++) {
      const char = moves[i] ?? '';
      if (char < '1' || char > '7') {
        throw new ValidationError(
          `Invalid move "${char}" at position ${i + 1}: columns are 1 to 7.`,
        );
      }
      const column = char.charCodeAt(0) - 48;
      if (position.winLine) {
        throw new ValidationError(`Move ${i + 1} is played after the game was already won.`);
      }
      if (!position.canPlay(column)) {
        throw new ValidationError(`Move ${i + 1} plays in column ${column}, which is full.`);
      }
      position.play(column);
    }
    return position;
  }

  /** The moves played so far, as a string of columns. */
  get moves(): string {
    return this.history;
  }

  /** Number of stones on the board. */
  get nbMoves(): number {
    return this.history.length;
  }

  /** The player to move: 1 or 2. */
  get toMove(): 1 | 2 {
    return this.history.length % 2 === 0 ? 1 : 2;
  }

  /** True when column 1..7 exists, has room and the game is not over. */
  canPlay(column: number): boolean {
    return (
      Number.isInteger(column) &&
      column >= 1 &&
      column <= WIDTH &&
      (this.heights[column - 1] ?? HEIGHT) < HEIGHT &&
      this.winLine === null &&
      this.history.length < CELLS
    );
  }

  /** Legal columns (1..7), left to right. */
  legalMoves(): number[] {
    const result: number[] = [];
    for (let column = 1; column <= WIDTH; column++) if (this.canPlay(column)) result.push(column);
    return result;
  }

  /** True when playing `column` makes four in a row for the player to move. */
  isWinningMove(column: number): boolean {
    if (!this.canPlay(column)) return false;
    const winLo = winningCells(this.currentLo, this.currentHi, this.maskLo, this.maskHi);
    const winHi = winningHi;
    playableCells(this.maskLo, this.maskHi);
    const c = column - 1;
    return ((winLo & pairOut[0]! & COLUMN_LO[c]!) | (winHi & pairOut[1]! & COLUMN_HI[c]!)) !== 0;
  }

  /** Drops a stone in `column` (1..7); throws `ValidationError` when that is not legal. */
  play(column: number): this {
    if (!this.canPlay(column)) {
      throw new ValidationError(`Column ${column} cannot be played in this position.`);
    }
    const c = column - 1;
    const row = this.heights[c]!;
    const bit = c * COLUMN_BITS + row;
    // Pons' play: the mover's stones become the opponent's view after adding the move
    this.currentLo ^= this.maskLo;
    this.currentHi ^= this.maskHi;
    if (bit < LOW_BITS) this.maskLo |= 1 << bit;
    else this.maskHi |= 1 << (bit - LOW_BITS);
    this.grid[cellIndex(column, row)] = this.toMove;
    this.heights[c] = row + 1;
    this.history += String(column);
    this.winLine = this.findLine(cellIndex(column, row));
    return this;
  }

  /** Takes back the last move; throws `ValidationError` on an empty board. */
  undo(): this {
    const last = this.history.length - 1;
    if (last < 0) throw new ValidationError('There is no move to take back.');
    const column = this.history.charCodeAt(last) - 48;
    const c = column - 1;
    const row = this.heights[c]! - 1;
    const bit = c * COLUMN_BITS + row;
    if (bit < LOW_BITS) this.maskLo &= ~(1 << bit);
    else this.maskHi &= ~(1 << (bit - LOW_BITS));
    this.currentLo ^= this.maskLo;
    this.currentHi ^= this.maskHi;
    this.grid[cellIndex(column, row)] = 0;
    this.heights[c] = row;
    this.history = this.history.slice(0, last);
    this.winLine = null;
    return this;
  }

  /** The four cells (`row * 7 + column - 1`, row 0 at the bottom) of the win, or null. */
  winningLine(): number[] | null {
    return this.winLine ? [...this.winLine] : null;
  }

  /** Whether the game is running, won (by whom, where) or drawn. */
  outcome(): Connect4Outcome {
    if (this.winLine) {
      const winner = this.grid[this.winLine[0]!] as 1 | 2;
      return { status: 'won', winner, line: [...this.winLine] };
    }
    return this.history.length === CELLS ? { status: 'draw' } : { status: 'ongoing' };
  }

  /** Who holds the cell at column 1..7, row 0..5 (0 bottom). */
  cellAt(column: number, row: number): Cell {
    return (this.grid[cellIndex(column, row)] ?? 0) as Cell;
  }

  /** Stones in each column, left to right. */
  columnHeights(): number[] {
    return [...this.heights];
  }

  /** Unique key of the position (Pons: current stones + mask), below 2^49. */
  key(): number {
    // no carry between the words: a column's stones plus its mask stay below its sentinel bit
    return (this.currentHi + this.maskHi) * TWO_28 + this.currentLo + this.maskLo;
  }

  /** Same key for a position and its mirror image: the smaller of the two. */
  canonicalKey(): number {
    return Math.min(this.key(), this.mirror().key());
  }

  /** The position reflected left-right (column c becomes 8 - c). */
  mirror(): Connect4Position {
    let mirrored = '';
    for (let i = 0; i < this.history.length; i++) {
      mirrored += String(8 - (this.history.charCodeAt(i) - 48));
    }
    return Connect4Position.fromMoves(mirrored);
  }

  /** An independent copy. */
  clone(): Connect4Position {
    return Connect4Position.fromMoves(this.history);
  }

  /** True when the side to move can win at once. */
  canWinNext(): boolean {
    if (this.winLine !== null) return false;
    const winLo = winningCells(this.currentLo, this.currentHi, this.maskLo, this.maskHi);
    const winHi = winningHi;
    playableCells(this.maskLo, this.maskHi);
    return ((winLo & pairOut[0]!) | (winHi & pairOut[1]!)) !== 0;
  }

  /** True when the stones of the player who just moved contain four in a row. */
  lastMoverHasWon(): boolean {
    return hasAlignment(this.currentLo ^ this.maskLo, this.currentHi ^ this.maskHi);
  }

  private findLine(from: number): number[] | null {
    const owner = this.grid[from];
    const col = from % WIDTH;
    const row = (from - col) / WIDTH;
    for (const [dc, dr] of [
      [1, 0],
      [0, 1],
      [1, 1],
      [1, -1],
    ] as const) {
      const line = [from];
      for (const sign of [1, -1]) {
        for (let k = 1; k < 4; k++) {
          const c = col + sign * k * dc;
          const r = row + sign * k * dr;
          if (c < 0 || c >= WIDTH || r < 0 || r >= HEIGHT) break;
          if (this.grid[r * WIDTH + c] !== owner) break;
          line.push(r * WIDTH + c);
        }
      }
      if (line.length >= 4) return line.sort((a, b) => a - b).slice(0, 4);
    }
    return null;
  }
}
