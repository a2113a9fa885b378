import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { othelloGame } from './game.ts';
import { stateOfMoves } from './position.ts';

const game = othelloGame;
// found by a seeded random game: black has no move after white's a3 and passes
const PASS_GAME =
  'c4 c3 f5 b4 a4 a5 c2 a3 pass d2 b2 c1 a1 a2 a6 f6 e1 f4 g7 f7 f3 d3 g5 d6 g4 c5 c7 e7 f8 b5 b1 d7 c6 d1 b3 b8 e2 h7 e6 h5 c8 g6 h3 h4 e3 b7 e8 f1 g8 b6 a8 h2 a7 d8 f2 h8 g1 g2 h6 pass h1 pass g3'.split(
    ' ',
  );
// the shortest game: black takes every white disc in nine moves
const WIPE_OUT = 'd3 c3 b3 d2 e1 d6 d7 e3 f4'.split(' ');

describe('othello rules', () => {
  it('starts with black on d5 and e4 to move, four moves open', () => {
    const start = game.initial();
    expect(game.sideToMove(start)).toBe(0);
    expect(game.legalMoves(start)).toEqual(['d3', 'c4', 'f5', 'e6']);
    expect(game.outcome(start)).toEqual({ status: 'ongoing' });
  });

  it('flips along every line the move closes', () => {
    const after = game.play(game.initial(), 'd3');
    expect(game.sideToMove(after)).toBe(1);
    expect(game.legalMoves(after)).toEqual(['c3', 'e3', 'c5']);
  });

  it('refuses a move that flips nothing, and a pass when a move exists', () => {
    expect(() => game.play(game.initial(), 'a1')).toThrow(ValidationError);
    expect(() => game.play(game.initial(), 'pass')).toThrow(ValidationError);
    expect(() => game.play(game.initial(), 'z9')).toThrow(ValidationError);
  });

  it('makes a side with no move pass, and the pass is its only move', () => {
    const beforePass = stateOfMoves(PASS_GAME.slice(0, 8));
    expect(game.legalMoves(beforePass)).toEqual(['pass']);
    const afterPass = game.play(beforePass, 'pass');
    expect(game.sideToMove(beforePass)).toBe(0);
    expect(game.sideToMove(afterPass)).toBe(1);
    expect(game.legalMoves(afterPass)).toContain('d2');
  });

  it('ends a full board with most discs, the winner s discs as cells', () => {
    const end = stateOfMoves(PASS_GAME);
    expect(game.legalMoves(end)).toEqual([]);
    const outcome = game.outcome(end);
    expect(outcome.status).toBe('finished');
    if (outcome.status !== 'finished') return;
    expect(outcome.reason).toBe('most-discs');
    expect(outcome.cells.length).toBeGreaterThan(32);
    expect(() => game.play(end, 'pass')).toThrow(ValidationError);
  });

  it('ends the game when neither side can move: a wipe-out after nine moves', () => {
    const end = stateOfMoves(WIPE_OUT);
    expect(game.legalMoves(end)).toEqual([]);
    const outcome = game.outcome(end);
    expect(outcome).toMatchObject({ status: 'finished', winner: 0, reason: 'wipe-out' });
    if (outcome.status === 'finished') expect(outcome.cells).toHaveLength(13);
  });

  it('ends early on a double pass with empty squares left', () => {
    const moves =
      'c4 e3 f3 g3 f2 e1 g2 c3 c5 f4 g5 b6 g4 f5 b5 b4 e2 f1 a3 h2 g1 d2 h1 e6 d7 c6 a4 f7 d6 b3 c1 d8 f6 g6 c7 h4 d3 e7 d1 c8 h7 a2 c2 b2 b1 a5 f8 g8 a7 e8 b7 b8 h5 h6 g7 h8 a6 h3 a1'.split(
        ' ',
      );
    const end = stateOfMoves(moves);
    const outcome = game.outcome(end);
    expect(outcome).toMatchObject({ status: 'finished', reason: 'most-discs' });
    if (outcome.status === 'finished') expect(outcome.cells).toHaveLength(33);
  });

  it('keeps every match within maxPlies', () => {
    expect(PASS_GAME.length).toBeLessThanOrEqual(game.maxPlies);
  });
});
