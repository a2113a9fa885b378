import type { GameDefinition } from '#core/games/definition.ts';
import { exactElseChances } from '#core/games/verdict.ts';
import { judgeCheckersByChances } from './chancesJudge.ts';
import { decide } from './engine.ts';
import { decodeMoves, encodeMoves } from './notation.ts';
import { pathNotation } from './paths.ts';
import { perft } from './perft.ts';
import {
  type CheckersState,
  initialState,
  legalPaths,
  MAX_PLIES,
  playMove,
  stateOutcome,
} from './state.ts';
import { judgeCheckers } from './verdict.ts';

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
