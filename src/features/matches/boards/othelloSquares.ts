import {
  discsOf,
  initialState,
  type OthelloState,
  playMove,
} from '#core/games/othello/position.ts';
import { decodeMoves, squareIndex, squareName } from '#core/games/othello/squares.ts';

/** What the Othello board draws: each square's disc (0 black, 1 white, null empty) and the last move. */
export interface OthelloSquares {
  discs: (0 | 1 | null)[];
  /** Square of the last disc played, -1 at the start or after a pass. */
  last: number;
  /** Squares whose disc the last move turned over. */
  flipped: Set<number>;
}

function discArray(state: OthelloState): (0 | 1 | null)[] {
  const { black, white } = discsOf(state);
  return Array.from({ length: 64 }, (_, square) => {
    const half = square >> 5;
    const bit = 1 << (square & 31);
    if (black[half]! & bit) return 0;
    if (white[half]! & bit) return 1;
    return null;
  });
}

/**
 * The position after the first `count` moves of an encoded Othello match. A malformed or illegal
 * list draws as far as it is valid: a board never throws at a watcher.
 */
export function othelloSquares(encoded: string, count?: number): OthelloSquares {
  let moves: string[] = [];
  try {
    moves = decodeMoves(encoded).slice(0, count);
  } catch {
    moves = [];
  }
  let state = initialState();
  let before = discArray(state);
  let last = -1;
  for (const move of moves) {
    let next: OthelloState;
    try {
      next = playMove(state, move);
    } catch {
      break;
    }
    before = discArray(state);
    last = squareIndex(move);
    state = next;
  }
  const discs = discArray(state);
  const flipped = new Set<number>();
  if (last >= 0) {
    for (let square = 0; square < 64; square++) {
      if (square !== last && before[square] !== null && before[square] !== discs[square]) {
        flipped.add(square);
      }
    }
  }
  return { discs, last, flipped };
}

/**
 * What a screen reader says for one square: "d5: Ada's black disc", "e6: empty", with "last
 * move" or "just turned" when so.
 */
export function othelloSquareText(
  squares: OthelloSquares,
  square: number,
  names: readonly [string, string],
): string {
  const disc = squares.discs[square];
  const name = squareName(square);
  if (disc === null || disc === undefined) return `${name}: empty`;
  const colour = disc === 0 ? 'black' : 'white';
  const note =
    square === squares.last ? ', last move' : squares.flipped.has(square) ? ', just turned' : '';
  return `${name}: ${names[disc]}'s ${colour} disc${note}`;
}
