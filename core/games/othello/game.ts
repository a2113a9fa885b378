import type { BoardPicture, PictureCell } from '#core/games/boardPicture.ts';
import type { GameDefinition } from '#core/games/definition.ts';
import { exactElseChances } from '#core/games/verdict.ts';
import { popcount32 } from './bitboard.ts';
import { judgeOthelloByChances } from './chancesJudge.ts';
import { decideOthello } from './engine.ts';
import { othelloOutcome } from './outcome.ts';
import { perftFrom } from './perft.ts';
import { discsOf, initialState, legalMoves, type OthelloState, playMove } from './position.ts';
import { decodeMoves, encodeMoves } from './squares.ts';
import { judgeOthello } from './verdict.ts';

function holds([lo, hi]: readonly [number, number], square: number): boolean {
  return ((square < 32 ? lo >>> square : hi >>> (square - 32)) & 1) === 1;
}

const discCount = ([lo, hi]: readonly [number, number]) => popcount32(lo) + popcount32(hi);

/** The board as diagrams print it: rank 1 at the top, a1 in the top left corner. */
function pictureOf(state: OthelloState): BoardPicture {
  const { black, white } = discsOf(state);
  const cells: PictureCell[] = [];
  for (let square = 0; square < 64; square++) {
    cells.push(holds(black, square) ? 'first' : holds(white, square) ? 'second' : 'empty');
  }
  return { columns: 8, rows: 8, cells, surface: 'squares' };
}

/**
 * Othello (Reversi) on 8x8: black (X, the first mover) starts on d5 and e4, white on d4 and e5.
 * Moves are squares `a1`..`h8` (a1 = cell 0, index = (rank - 1) * 8 + file) or `pass`, which is
 * the only legal move of a side with no flip. The game ends when neither side can move.
 */
export const othelloGame: GameDefinition<OthelloState> = {
  id: 'othello',
  name: 'Othello',
  // 60 discs at most, and a pass only ever follows a disc move (two in a row end the game)
  maxPlies: 120,
  cellCount: 64,
  initial: initialState,
  sideToMove: (state) => state.toMove,
  legalMoves,
  play: playMove,
  outcome: othelloOutcome,
  picture: pictureOf,
  score(state) {
    const { black, white } = discsOf(state);
    return [discCount(black), discCount(white)];
  },
  encodeMoves,
  decodeMoves,
  perft(depth) {
    const start = initialState();
    return perftFrom(start.pLo, start.pHi, start.oLo, start.oHi, depth);
  },
  decide: decideOthello,
  // exact from 20 empties; before, and past the solver's budget, by the drop in chances
  judge: (moves, move, options) =>
    exactElseChances(
      options,
      (exact) => judgeOthello(moves, move, exact),
      (chances) => judgeOthelloByChances(moves, move, chances),
    ),
};
