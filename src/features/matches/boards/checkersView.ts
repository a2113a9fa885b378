import { decodeMoves } from '#core/games/checkers/notation.ts';
import { type MovePath, pathNotation } from '#core/games/checkers/paths.ts';
import { columnOf, rowOf, squareAt } from '#core/games/checkers/squares.ts';
import {
  type CheckersState,
  initialState,
  legalPaths,
  playPath,
} from '#core/games/checkers/state.ts';

/** A piece on the board: its square (0..31), owner (0 dark, the first mover) and rank. */
export interface CheckersPiece {
  square: number;
  player: 0 | 1;
  king: boolean;
}

/** What the board draws: the pieces after `count` moves and the last move's hops. */
export interface CheckersView {
  pieces: CheckersPiece[];
  /** The last move's squares, start first, and the pieces it took in the order jumped. */
  lastMove: { path: number[]; taken: CheckersPiece[] } | null;
}

/**
 * The position after the first `count` moves of an encoded move list. A malformed or illegal
 * list shows the position before the first bad move: the board draws, the match page reports.
 */
export function checkersView(moves: string, count?: number): CheckersView {
  let notations: string[];
  try {
    notations = decodeMoves(moves);
  } catch {
    notations = [];
  }
  let state = initialState();
  let lastMove: CheckersView['lastMove'] = null;
  for (const notation of notations.slice(0, count ?? notations.length)) {
    const path = legalPaths(state).find((candidate) => pathNotation(candidate) === notation);
    if (!path) break;
    lastMove = { path: path.path, taken: takenAlong(state, path) };
    state = playPath(state, path);
  }
  return { pieces: piecesOf(state), lastMove };
}

/** The pieces of a state, by square. */
export function piecesOf(state: CheckersState): CheckersPiece[] {
  const pieces: CheckersPiece[] = [];
  for (let square = 0; square < 32; square++) {
    const bit = 1 << square;
    const king = (state.kings & bit) !== 0;
    if (state.dark & bit) pieces.push({ square, player: 0, king });
    else if (state.light & bit) pieces.push({ square, player: 1, king });
  }
  return pieces;
}

function takenAlong(state: CheckersState, { path, captured }: MovePath): CheckersPiece[] {
  if (captured === 0) return [];
  const before = piecesOf(state);
  return path.slice(1).map((to, hop) => {
    const from = path[hop]!;
    const over = squareAt((rowOf(from) + rowOf(to)) / 2, (columnOf(from) + columnOf(to)) / 2);
    return before.find((piece) => piece.square === over)!;
  });
}

/** Grid row and column (1-based) of a square: square 1 is at the top, dark's side. */
export function gridOf(square: number): { row: number; column: number } {
  return { row: rowOf(square) + 1, column: columnOf(square) + 1 };
}

/**
 * What a screen reader says for one square, e.g. "Square 15 of 32: Ada's king" or
 * "Square 16 of 32: empty".
 */
export function squareText(
  pieces: readonly CheckersPiece[],
  square: number,
  names: readonly [string, string],
): string {
  const piece = pieces.find((candidate) => candidate.square === square);
  const content = piece ? `${names[piece.player]}'s ${piece.king ? 'king' : 'man'}` : 'empty';
  return `Square ${square + 1} of 32: ${content}`;
}

/** The square (0..31) a key moves the reading cursor to, or null for other keys. */
export function nextSquare(key: string, square: number | null): number | null {
  const at = square ?? -1;
  if (key === 'ArrowRight') return Math.min(31, at + 1);
  if (key === 'ArrowLeft') return square === null ? 31 : Math.max(0, at - 1);
  if (key === 'ArrowDown') return square === null ? 0 : Math.min(31, at + 4);
  if (key === 'ArrowUp') return square === null ? 31 : Math.max(0, at - 4);
  if (key === 'Home') return 0;
  if (key === 'End') return 31;
  return null;
}
