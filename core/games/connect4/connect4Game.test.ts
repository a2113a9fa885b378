import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../errors.ts';
import { connect4Game } from './connect4Game.ts';
import { cellIndex } from './position.ts';

describe('connect4Game', () => {
  it('plays a game through the generic interface without mutating states', () => {
    let state = connect4Game.initialState();
    const start = state;
    for (const move of [1, 2, 1, 2, 1, 2]) state = connect4Game.apply(state, move);
    expect(start).toBe('');
    expect(connect4Game.toMove(state)).toBe(1);
    expect(connect4Game.outcome(state)).toEqual({ status: 'ongoing' });
    state = connect4Game.apply(state, 1);
    expect(connect4Game.outcome(state)).toMatchObject({ status: 'won', winner: 1 });
    expect(connect4Game.legalMoves(state)).toEqual([]);
    expect(() => connect4Game.apply(state, 3)).toThrow(ValidationError);
  });

  it('describes the board with the winning line highlighted', () => {
    const view = connect4Game.describe('1122334');
    expect(view).toMatchObject({ rows: 6, columns: 7, toMove: 2, lastMove: 4 });
    expect(view.cells[cellIndex(1, 0)]).toBe(1);
    expect(view.cells[cellIndex(1, 1)]).toBe(2);
    expect(view.highlight).toEqual([0, 1, 2, 3]);
  });

  it('round-trips states and rejects bad ones', () => {
    expect(connect4Game.parseState(connect4Game.serializeState('4433'))).toBe('4433');
    expect(() => connect4Game.parseState('449')).toThrow(ValidationError);
  });
});
