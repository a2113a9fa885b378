import { ValidationError } from '#core/errors.ts';

/** The pass move's notation. */
export const PASS = 'pass';

/** Notation of a square index (0..63): `a1` is 0, `h1` is 7, `a2` is 8, `h8` is 63. */
export function squareName(square: number): string {
  return String.fromCharCode(97 + (square & 7)) + String((square >> 3) + 1);
}

/** The square index of `a1`..`h8`, or -1 when `name` is not a square. */
export function squareIndex(name: string): number {
  if (name.length !== 2) return -1;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return -1;
  return rank * 8 + file;
}

/**
 * Othello's move-list encoding: two characters a move, `a1`..`h8` for a disc and `pa` for a
 * pass, concatenated with no separator (`f5d6c3pa…`). Every move is two characters, so a
 * match of at most 60 discs and a few passes stays under 140 characters.
 */
export function encodeMoves(moves: readonly string[]): string {
  return moves.map((move) => (move === PASS ? 'pa' : move)).join('');
}

/** The moves of an encoding; throws `ValidationError` on an odd length or an unknown pair. */
export function decodeMoves(encoded: string): string[] {
  if (encoded.length % 2 !== 0) {
    throw new ValidationError('An Othello move list has two characters a move.');
  }
  const moves: string[] = [];
  for (let i = 0; i < encoded.length; i += 2) {
    const pair = encoded.slice(i, i + 2);
    if (pair === 'pa') moves.push(PASS);
    else if (squareIndex(pair) >= 0) moves.push(pair);
    else throw new ValidationError(`"${pair}" is not an Othello move (a1..h8 or pa).`);
  }
  return moves;
}
