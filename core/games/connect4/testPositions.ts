import fc from 'fast-check';
import { Connect4Position } from './position.ts';

/** A running position reached by `choices` (indices into the legal, non-winning moves). */
function positionFrom(choices: number[], minMoves: number): Connect4Position | null {
  const position = new Connect4Position();
  for (const choice of choices) {
    const moves = position.legalMoves().filter((column) => !position.isWinningMove(column));
    if (moves.length === 0) return null;
    position.play(moves[choice % moves.length]!);
  }
  return position.nbMoves >= minMoves && position.outcome().status === 'ongoing' ? position : null;
}

/** Tests' arbitrary running positions of at least `minMoves` moves, with no win on the board. */
export const runningPositions = (minMoves: number) =>
  fc
    .array(fc.nat(6), { minLength: minMoves, maxLength: 40 })
    .map((choices) => positionFrom(choices, minMoves))
    .filter((position): position is Connect4Position => position !== null);
