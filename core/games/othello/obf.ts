import { ValidationError } from '#core/errors.ts';
import type { OthelloState } from './position.ts';

/**
 * Parses an OBF line (the FFO and Edax problem format): 64 characters `X`, `O` or `-` row by row
 * from a1 to h8, a space, the side to move `X` or `O`, then optionally `;` and anything (the
 * known scores). X is black. Throws `ValidationError` saying what is wrong.
 */
export function parseObf(line: string): OthelloState {
  const text = line.trim();
  const board = text.slice(0, 64);
  if (board.length < 64 || /[^XO-]/.test(board)) {
    throw new ValidationError('expected 64 characters X, O or - from a1 to h8');
  }
  const rest = text.slice(64);
  const side = /^\s+([XO])\s*(;.*)?$/.exec(rest);
  if (!side) throw new ValidationError('expected a space and the side to move, X or O');
  let xLo = 0;
  let xHi = 0;
  let oLo = 0;
  let oHi = 0;
  for (let square = 0; square < 64; square++) {
    const bit = 1 << (square & 31);
    const c = board[square];
    if (c === 'X') {
      if (square < 32) xLo |= bit;
      else xHi |= bit;
    } else if (c === 'O') {
      if (square < 32) oLo |= bit;
      else oHi |= bit;
    }
  }
  return side[1] === 'X'
    ? { pLo: xLo, pHi: xHi, oLo, oHi, toMove: 0 }
    : { pLo: oLo, pHi: oHi, oLo: xLo, oHi: xHi, toMove: 1 };
}
