import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { checkersGame } from './game.ts';
import { type CheckersState, stateFromSquares } from './state.ts';

const { legalMoves, play, outcome } = checkersGame;
const sorted = (state: CheckersState) => [...legalMoves(state)].sort();
const playAll = (state: CheckersState, moves: string[]) =>
  moves.reduce((current, move) => play(current, move), state);

describe('checkers rules', () => {
  it('opens with the seven standard moves', () => {
    expect(sorted(checkersGame.initial())).toEqual(
      ['9-13', '9-14', '10-14', '10-15', '11-15', '11-16', '12-16'].sort(),
    );
  });

  it('makes a capture mandatory and refuses a quiet move then', () => {
    const state = stateFromSquares({ dark: [15, 9], light: [19] }, 0);
    expect(legalMoves(state)).toEqual(['15x24']);
    expect(() => play(state, '9-13')).toThrow(ValidationError);
  });

  it('lists every branch of a multi-jump, never a partial one', () => {
    const state = stateFromSquares({ dark: [6], light: [10, 18, 19] }, 0);
    expect(sorted(state)).toEqual(['6x15x22', '6x15x24']);
    expect(() => play(state, '6x15')).toThrow(ValidationError);
    const after = play(state, '6x15x24');
    expect(after.light).toBe(1 << 17);
    expect(after.side).toBe(1);
  });

  it('ends the move when a man is crowned, even with a jump left for the new king', () => {
    const state = stateFromSquares({ dark: [22], light: [26, 27] }, 0);
    expect(legalMoves(state)).toEqual(['22x31']);
    const after = play(state, '22x31');
    expect(after.kings).toBe(1 << 30);
    expect(after.side).toBe(1);
  });

  it('lets a king capture backwards and forwards, men only forwards', () => {
    const king = stateFromSquares({ dark: [15], light: [10, 19], kings: [15] }, 0);
    expect(sorted(king)).toEqual(['15x24', '15x6']);
    const man = stateFromSquares({ dark: [15], light: [10, 19] }, 0);
    expect(sorted(man)).toEqual(['15x24']);
    const lightMan = stateFromSquares({ dark: [10, 19], light: [15] }, 1);
    expect(sorted(lightMan)).toEqual(['15x6']);
  });

  it('gives the game to the other side when the side to move is blocked or has no piece', () => {
    const blocked = stateFromSquares({ dark: [4], light: [8, 11] }, 0);
    expect(legalMoves(blocked)).toEqual([]);
    expect(outcome(blocked)).toEqual({
      status: 'finished',
      winner: 1,
      reason: 'no-moves',
      cells: [7, 10],
    });
    const captured = play(stateFromSquares({ dark: [15], light: [19] }, 0), '15x24');
    expect(outcome(captured)).toMatchObject({ winner: 0, reason: 'no-moves', cells: [23] });
  });

  it('draws on the third occurrence of a position with the same side to move', () => {
    const start = stateFromSquares({ dark: [1], light: [32], kings: [1, 32] }, 0);
    const cycle = ['1-5', '32-28', '5-1', '28-32'];
    const twice = playAll(start, cycle);
    expect(outcome(twice)).toEqual({ status: 'ongoing' });
    const thrice = playAll(twice, cycle);
    expect(outcome(thrice)).toEqual({
      status: 'finished',
      winner: null,
      reason: 'repetition',
      cells: [],
    });
    expect(legalMoves(thrice)).toEqual([]);
  });

  it('draws after forty moves each without a capture or a man move', () => {
    const kings = { dark: [1, 12], light: [32], kings: [1, 32] };
    const late = stateFromSquares(kings, 0, { quietPlies: 79 });
    expect(outcome(play(late, '1-5'))).toMatchObject({ winner: null, reason: 'forty-moves' });
    // a man move starts the count again
    const manMove = play(late, '12-16');
    expect(manMove.quietPlies).toBe(0);
    expect(outcome(manMove)).toEqual({ status: 'ongoing' });
  });

  it('stops a game that reaches maxPlies as a draw', () => {
    const state = stateFromSquares({ dark: [1], light: [32], kings: [1, 32] }, 0, {
      ply: checkersGame.maxPlies - 1,
    });
    expect(outcome(play(state, '1-5'))).toMatchObject({ winner: null, reason: 'move-limit' });
  });

  it('lets a king jump a loop back onto its own start square', () => {
    // over 10, 9, 17 and 18 the king lands where it began; the same loop the other way round
    // is a second move (a different path), as in the published perft counts
    const state = stateFromSquares({ dark: [15], light: [10, 9, 17, 18], kings: [15] }, 0);
    const moves = legalMoves(state);
    expect([...moves].sort()).toEqual(['15x22x13x6x15', '15x6x13x22x15']);
    const after = play(state, '15x6x13x22x15');
    expect(after.light).toBe(0);
    expect(after.dark).toBe(1 << 14);
    expect(after.kings).toBe(1 << 14);
  });
});
