import type { BoardPicture, PictureCell } from '#core/games/boardPicture.ts';
import type { GameDefinition } from '#core/games/definition.ts';
import { exactElseChances } from '#core/games/verdict.ts';
import { judgeCheckersByChances } from './chancesJudge.ts';
import { decide } from './engine.ts';
import { decodeMoves, encodeMoves } from './notation.ts';
import { pathNotation } from './paths.ts';
import { perft } from './perft.ts';
import { squareAt } from './squares.ts';
import {
  type CheckersState,
  initialState,
  legalPaths,
  MAX_PLIES,
  playMove,
  stateOutcome,
} from './state.ts';
import { judgeCheckers } from './verdict.ts';

function pieceOn(state: CheckersState, square: number): PictureCell {
  const bit = 1 << square;
  const king = (state.kings & bit) !== 0;
  if ((state.dark & bit) !== 0) return king ? 'first-king' : 'first';
  if ((state.light & bit) !== 0) return king ? 'second-king' : 'second';
  return 'empty';
}

/** The board as the watch page draws it: square 1 at the top, dark's side. */
function pictureOf(state: CheckersState): BoardPicture {
  const cells: PictureCell[] = [];
  for (let row = 0; row < 8; row++) {
    for (let column = 0; column < 8; column++) {
      const square = squareAt(row, column);
      cells.push(square === -1 ? 'empty' : pieceOn(state, square));
    }
  }
  return { columns: 8, rows: 8, cells, surface: 'checkered' };
}

/**
 * English draughts (American checkers) on the 32 dark squares, dark first. Moves in standard
 * notation (`11-15`, `15x24x31`), cells are squares 1–32 as indices 0..31.
 */
export const checkersGame: GameDefinition<CheckersState> = {
  id: 'checkers',
  name: 'Checkers',
  maxPlies: MAX_PLIES,
  cellCount: 32,
  initial: initialState,
  sideToMove: (state) => state.side,
  legalMoves: (state) => legalPaths(state).map(pathNotation),
  play: playMove,
  outcome: stateOutcome,
  picture: pictureOf,
  encodeMoves,
  decodeMoves,
  perft: (depth) => perft(depth),
  decide,
  // exact in the endgames the search proves; elsewhere by the drop in chances
  judge: (moves, move, options) =>
    exactElseChances(
      options,
      (exact) => judgeCheckers(moves, move, exact),
      (chances) => judgeCheckersByChances(moves, move, chances),
    ),
};
