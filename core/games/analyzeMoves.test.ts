import { describe, expect, it } from 'vitest';
import { analyzeCheckersMoves } from './checkers/analyzeMoves.ts';
import { pathNotation } from './checkers/paths.ts';
import { legalPaths, replay } from './checkers/state.ts';
import { bestMoves, type MoveAnalysisStep } from './moveAnalysis.ts';
import { analyzeOthelloMoves } from './othello/analyzeMoves.ts';
import {
  discCounts,
  legalMoves,
  type OthelloState,
  playMove,
  stateOfMoves,
} from './othello/position.ts';
import { randomGame } from './othello/testPositions.ts';

/** The final disc margin for the side to move, by plain negamax over the rules (no engine). */
function negamax(state: OthelloState): number {
  const moves = legalMoves(state);
  if (moves.length === 0) {
    const { mover, other } = discCounts(state);
    // the winner gets the empty squares (the rule the solvers score by)
    const empties = 64 - mover - other;
    return mover > other ? mover - other + empties : mover < other ? mover - other - empties : 0;
  }
  let best = Number.NEGATIVE_INFINITY;
  for (const move of moves) best = Math.max(best, -negamax(playMove(state, move)));
  return best;
}

describe('analyzeOthelloMoves', () => {
  it('solves every move exactly near the end, each as minimax over the rules says', () => {
    for (const seed of [3, 7]) {
      const { moves } = randomGame(seed, 9);
      const steps: MoveAnalysisStep[] = [];
      analyzeOthelloMoves(moves, (step) => steps.push(step));
      const last = steps.at(-1)!;
      expect(last).toMatchObject({ exact: true, final: true });
      expect(last.values).toHaveLength(last.total);
      // posted one move at a time: progress for the page
      expect(steps.map((step) => step.values.length)).toEqual(steps.map((_, i) => i + 1));
      const state = stateOfMoves(moves);
      for (const value of last.values) {
        expect(value.kind).toBe('margin');
        expect(value.value).toBe(-negamax(playMove(state, value.move)));
      }
    }
  });

  it('deepens a search ply by ply in the midgame, in winning chances', () => {
    const steps: MoveAnalysisStep[] = [];
    const stop = new Error('stop');
    expect(() =>
      analyzeOthelloMoves(['f5', 'd6', 'c3'], (step) => {
        steps.push(step);
        if (step.depth === 3) throw stop;
      }),
    ).toThrow(stop);
    expect(steps.map((step) => step.depth)).toEqual([1, 2, 3]);
    for (const value of steps[2]!.values) {
      expect(value.kind).toBe('chance');
      expect(value.value).toBeGreaterThanOrEqual(0);
      expect(value.value).toBeLessThanOrEqual(100);
    }
  });
});

describe('analyzeCheckersMoves', () => {
  it('scores every legal move at each depth, and names the best', () => {
    const moves = ['11-15', '23-19'];
    const steps: MoveAnalysisStep[] = [];
    const stop = new Error('stop');
    expect(() =>
      analyzeCheckersMoves(moves, (step) => {
        steps.push(step);
        if (step.depth === 4) throw stop;
      }),
    ).toThrow(stop);
    const legal = legalPaths(replay(moves)).map(pathNotation);
    expect(
      steps
        .at(-1)!
        .values.map((value) => value.move)
        .sort(),
    ).toEqual([...legal].sort());
    expect(legal).toContain(bestMoves(steps.at(-1)!.values)[0]);
  });
});

describe('bestMoves', () => {
  it('ranks a quicker proven win first and a slower proven loss above a quicker one', () => {
    expect(
      bestMoves([
        { move: 'a', kind: 'proven', value: 7 },
        { move: 'b', kind: 'proven', value: 3 },
        { move: 'c', kind: 'chance', value: 90 },
      ]),
    ).toEqual(['b']);
    expect(
      bestMoves([
        { move: 'a', kind: 'proven', value: -3 },
        { move: 'b', kind: 'proven', value: -9 },
      ]),
    ).toEqual(['b']);
  });
});
