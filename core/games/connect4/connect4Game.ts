import type { BoardDescription, Game, GameOutcome, Seat } from '../game.ts';
import { HEIGHT, WIDTH } from './bitboard.ts';
import { Connect4Position } from './position.ts';

/**
 * Connect Four behind the generic `Game` interface. The state is the move string itself
 * (columns '1'..'7'): immutable, compact, and replayable by anyone.
 */
export const connect4Game: Game<string, number> = {
  id: 'connect4',
  name: 'Connect Four',
  initialState: () => '',
  parseState: (serialized) => Connect4Position.fromMoves(serialized).moves,
  serializeState: (state) => state,
  legalMoves: (state) => Connect4Position.fromMoves(state).legalMoves(),
  apply: (state, move) => Connect4Position.fromMoves(state).play(move).moves,
  outcome: (state): GameOutcome => Connect4Position.fromMoves(state).outcome(),
  toMove: (state): Seat => (state.length % 2 === 0 ? 1 : 2),
  describe: (state): BoardDescription => {
    const position = Connect4Position.fromMoves(state);
    const cells: BoardDescription['cells'] = [];
    for (let row = 0; row < HEIGHT; row++) {
      for (let column = 1; column <= WIDTH; column++) cells.push(position.cellAt(column, row));
    }
    const last = state.at(-1);
    return {
      rows: HEIGHT,
      columns: WIDTH,
      cells,
      toMove: position.toMove,
      highlight: position.winningLine() ?? [],
      lastMove: last === undefined ? null : Number(last),
    };
  },
};
