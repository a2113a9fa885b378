import { describe, expect, it } from 'vitest';
import type { PictureCell } from './boardPicture.ts';
import { GAMES } from './registry.ts';
import { replay } from './replay.ts';

const count = (cells: readonly PictureCell[], side: string) =>
  cells.filter((cell) => cell.startsWith(side)).length;

describe.each(Object.values(GAMES))('$name’s picture', (game) => {
  it('covers the board, row by row, and shows the start’s pieces', () => {
    const picture = game.picture(game.initial());
    expect(picture.cells).toHaveLength(picture.columns * picture.rows);
    const pieces = { connect4: 0, othello: 2, checkers: 12 }[game.id];
    expect([count(picture.cells, 'first'), count(picture.cells, 'second')]).toEqual([
      pieces,
      pieces,
    ]);
  });

  it('gains the mover’s piece with the first move', () => {
    const move = game.legalMoves(game.initial())[0]!;
    const { state } = replay(game, game.encodeMoves([move]));
    const before = count(game.picture(game.initial()).cells, 'first');
    const after = count(game.picture(state).cells, 'first');
    // Connect Four adds a disc, Othello a disc and the one it flips; a checkers man moves.
    expect(after - before).toBe({ connect4: 1, othello: 2, checkers: 0 }[game.id]);
  });
});

describe('scores', () => {
  it('counts Othello’s discs, black’s first', () => {
    const othello = GAMES.othello;
    expect(othello.score?.(othello.initial())).toEqual([2, 2]);
    // d3 flips d4: black has four discs, white one.
    expect(othello.score?.(replay(othello, othello.encodeMoves(['d3'])).state)).toEqual([4, 1]);
  });
});

describe('pictures read as a person reads the board', () => {
  it('puts Connect Four’s first disc in the bottom row and Othello’s a1 top left', () => {
    const connect4 = GAMES.connect4;
    const dropped = connect4.picture(replay(connect4, '1').state);
    expect(dropped.cells[35]).toBe('first');
    const othello = GAMES.othello;
    const start = othello.picture(othello.initial());
    // d4 (index 27) is white's, e4 (28) black's: rank 4 is the fourth row from the top.
    expect([start.cells[27], start.cells[28]]).toEqual(['second', 'first']);
    const checkers = GAMES.checkers.picture(GAMES.checkers.initial());
    // Square 1 (row 0, column 1) holds a dark man: dark's side is at the top.
    expect([checkers.cells[0], checkers.cells[1]]).toEqual(['empty', 'first']);
  });
});
