import { ValidationError } from '#core/errors.ts';
import { flips, mobility, out, popcount32 } from './bitboard.ts';
import { PASS, squareIndex, squareName } from './squares.ts';

/**
 * An Othello position, immutable: the discs of the side to move (`p`) and of the other (`o`)
 * as 32-bit halves, and who is to move (0 = black, who moved first).
 */
export interface OthelloState {
  readonly pLo: number;
  readonly pHi: number;
  readonly oLo: number;
  readonly oHi: number;
  readonly toMove: 0 | 1;
}

/** The standard start: black on d5 and e4, white on d4 and e5, black to move. */
export function initialState(): OthelloState {
  return { pLo: 1 << 28, pHi: 1 << 3, oLo: 1 << 27, oHi: 1 << 4, toMove: 0 };
}

/** Discs of black and white as [lo, hi] halves. */
export function discsOf(state: OthelloState): { black: [number, number]; white: [number, number] } {
  const mover: [number, number] = [state.pLo, state.pHi];
  const other: [number, number] = [state.oLo, state.oHi];
  return state.toMove === 0 ? { black: mover, white: other } : { black: other, white: mover };
}

/** Squares where the side to move may play, in index order (a1, b1, …). */
export function legalSquares(state: OthelloState): number[] {
  mobility(state.pLo, state.pHi, state.oLo, state.oHi);
  const squares: number[] = [];
  for (let s = 0; s < 32; s++) if ((out.lo >>> s) & 1) squares.push(s);
  for (let s = 0; s < 32; s++) if ((out.hi >>> s) & 1) squares.push(s + 32);
  return squares;
}

/** Whether the side to move has a disc move. */
export function canMove(state: OthelloState): boolean {
  mobility(state.pLo, state.pHi, state.oLo, state.oHi);
  return (out.lo | out.hi) !== 0;
}

/** Whether neither side can move: the game is over. */
export function isOver(state: OthelloState): boolean {
  if (canMove(state)) return false;
  mobility(state.oLo, state.oHi, state.pLo, state.pHi);
  return (out.lo | out.hi) === 0;
}

/** Legal moves in notation: the squares, or `pass` alone when the mover has none; [] at the end. */
export function legalMoves(state: OthelloState): string[] {
  const squares = legalSquares(state);
  if (squares.length > 0) return squares.map(squareName);
  return isOver(state) ? [] : [PASS];
}

/** The position after the side to move plays `square` (already known legal), or passes (-1). */
export function playSquare(state: OthelloState, square: number): OthelloState {
  const toMove = (1 - state.toMove) as 0 | 1;
  if (square < 0) return { pLo: state.oLo, pHi: state.oHi, oLo: state.pLo, oHi: state.pHi, toMove };
  flips(square, state.pLo, state.pHi, state.oLo, state.oHi);
  const fLo = out.lo | (square < 32 ? 1 << square : 0);
  const fHi = out.hi | (square >= 32 ? 1 << (square - 32) : 0);
  return {
    pLo: state.oLo & ~fLo,
    pHi: state.oHi & ~fHi,
    oLo: state.pLo | fLo,
    oHi: state.pHi | fHi,
    toMove,
  };
}

/** The position after `move` in notation; throws `ValidationError` when it is not legal here. */
export function playMove(state: OthelloState, move: string): OthelloState {
  const legal = legalMoves(state);
  if (!legal.includes(move)) {
    throw new ValidationError(
      legal.length === 0
        ? 'The game is over: no move can be played.'
        : `${move} is not a legal Othello move here.`,
    );
  }
  return playSquare(state, move === PASS ? -1 : squareIndex(move));
}

/** The position after a list of moves from the start; throws `ValidationError` on an illegal one. */
export function stateOfMoves(moves: readonly string[]): OthelloState {
  let state = initialState();
  for (const move of moves) state = playMove(state, move);
  return state;
}

/** Disc counts of the side to move and of the other. */
export function discCounts(state: OthelloState): { mover: number; other: number } {
  return {
    mover: popcount32(state.pLo) + popcount32(state.pHi),
    other: popcount32(state.oLo) + popcount32(state.oHi),
  };
}
