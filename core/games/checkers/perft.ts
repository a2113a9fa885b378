import { Board, MAX_MOVES, MOVE_INTS } from './board.ts';

const MAX_DEPTH = 64;

/**
 * Leaf count of the move tree `depth` plies deep from a position (the start by default). A
 * multi-jump is one move, and a king's captures of the same pieces by different paths count
 * once per path: the convention of the published counts (OEIS A133046), which only differ from
 * depth 12 on. The last ply is counted without being played (bulk counting); the game's draw
 * rules do not apply (they cannot trigger within the first 40 moves).
 */
export function perft(depth: number, board: Board = new Board()): number {
  if (!Number.isInteger(depth) || depth < 0 || depth > MAX_DEPTH) {
    throw new RangeError(`depth must be an integer from 0 to ${MAX_DEPTH}`);
  }
  if (depth === 0) return 1;
  const moves = new Int32Array(MAX_DEPTH * MAX_MOVES * MOVE_INTS);
  return count(board, depth, moves, 0);
}

function count(board: Board, depth: number, moves: Int32Array, offset: number): number {
  const n = board.generate(moves, offset);
  if (depth === 1) return n;
  const { dark, light, kings, side, keyIndex, keyLock } = board;
  const next = offset + MAX_MOVES * MOVE_INTS;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const at = offset + i * MOVE_INTS;
    board.make(moves[at]!, moves[at + 1]!, moves[at + 2]!);
    total += count(board, depth - 1, moves, next);
    board.dark = dark;
    board.light = light;
    board.kings = kings;
    board.side = side;
    board.keyIndex = keyIndex;
    board.keyLock = keyLock;
  }
  return total;
}
