import type { Board } from './board.ts';
import { CROWN_ROW, DIRECTIONS, JUMP, jumpers, lowestSquare, STEP } from './squares.ts';

/** A legal move with its whole path: every square (0..31) the piece stands on, start first. */
export interface MovePath {
  path: number[];
  /** Bits of the squares jumped over; 0 for a simple move. */
  captured: number;
}

/**
 * The legal moves of a position with their paths, in the same order as `Board.generate` (which
 * keeps only the ends, for speed). Notation and the board's animation need the landing squares.
 */
export function movePaths(board: Board): MovePath[] {
  const side = board.side;
  const own = side === 0 ? board.dark : board.light;
  const enemy = side === 0 ? board.light : board.dark;
  const empty = ~(board.dark | board.light);
  const forward = side === 0 ? 0 : 2;
  const kings = own & board.kings;
  const canJump =
    jumpers(own & ~kings, enemy, empty, forward, forward + 2) |
    jumpers(kings, enemy, empty, 0, DIRECTIONS);
  const moves: MovePath[] = [];
  for (let rest = canJump; rest !== 0; rest &= rest - 1) {
    const square = lowestSquare(rest);
    const king = (board.kings & (1 << square)) !== 0;
    extendJumps(board, [square], 0, king, moves);
  }
  if (moves.length > 0) return moves;
  for (let rest = own; rest !== 0; rest &= rest - 1) {
    const square = lowestSquare(rest);
    const king = (board.kings & (1 << square)) !== 0;
    const first = king ? 0 : forward;
    const last = king ? DIRECTIONS : forward + 2;
    for (let direction = first; direction < last; direction++) {
      const target = STEP[square * DIRECTIONS + direction]!;
      if (target >= 0 && (empty & (1 << target)) !== 0) {
        moves.push({ path: [square, target], captured: 0 });
      }
    }
  }
  return moves;
}

function extendJumps(
  board: Board,
  path: number[],
  captured: number,
  king: boolean,
  moves: MovePath[],
): void {
  const side = board.side;
  const origin = path[0]!;
  const square = path[path.length - 1]!;
  const enemy = (side === 0 ? board.light : board.dark) & ~captured;
  const empty = ~(board.dark | board.light) | (1 << origin);
  const first = king ? 0 : side === 0 ? 0 : 2;
  const last = king ? DIRECTIONS : first + 2;
  let extended = false;
  for (let direction = first; direction < last; direction++) {
    const over = STEP[square * DIRECTIONS + direction]!;
    const landing = JUMP[square * DIRECTIONS + direction]!;
    if (landing < 0 || (enemy & (1 << over)) === 0 || (empty & (1 << landing)) === 0) continue;
    extended = true;
    const next = [...path, landing];
    const taken = captured | (1 << over);
    if (!king && (CROWN_ROW[side] & (1 << landing)) !== 0)
      moves.push({ path: next, captured: taken });
    else extendJumps(board, next, taken, king, moves);
  }
  if (!extended && captured !== 0) moves.push({ path, captured });
}

/** Standard notation of a path: `11-15` for a step, `15x24x31` for jumps (every landing). */
export function pathNotation({ path, captured }: MovePath): string {
  return path.map((square) => square + 1).join(captured === 0 ? '-' : 'x');
}
