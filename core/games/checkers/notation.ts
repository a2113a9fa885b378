import { ValidationError } from '#core/errors.ts';

const SQUARE = '(?:[1-9]|[12][0-9]|3[0-2])';
const MOVE = new RegExp(`^${SQUARE}(?:-${SQUARE}|(?:x${SQUARE})+)$`);

/** Whether `move` is well-formed notation: `11-15`, `15x24` or `15x24x31` (squares 1–32). */
export function isMoveNotation(move: string): boolean {
  return MOVE.test(move);
}

/**
 * The stored form of a move list: the moves in standard notation joined by single spaces, e.g.
 * `"11-15 23-19 8-11 22-17"`; the empty list is the empty string. Unambiguous because a move
 * never contains a space, and as readable as a game record (about 5.5 bytes a ply).
 */
export function encodeMoves(moves: readonly string[]): string {
  moves.forEach(checkMove);
  return moves.join(' ');
}

/** The moves of an encoding; throws `ValidationError` naming the first malformed move. */
export function decodeMoves(encoded: string): string[] {
  if (encoded === '') return [];
  const moves = encoded.split(' ');
  moves.forEach(checkMove);
  return moves;
}

function checkMove(move: string, index: number): void {
  if (!isMoveNotation(move)) {
    throw new ValidationError(
      `Move ${index + 1} "${move.slice(0, 20)}" is not checkers notation (like 11-15 or 15x24x31).`,
    );
  }
}
