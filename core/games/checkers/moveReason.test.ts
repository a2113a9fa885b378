import { describe, expect, it } from 'vitest';
import { decideInPosition } from './engine.ts';
import { moveReason } from './moveReason.ts';
import { legalPaths, stateFromSquares } from './state.ts';

const plain = {
  score: 0,
  proven: false,
  blunder: false,
  onlyMove: false,
  offersCapture: false,
  style: 'balanced' as const,
};
const clock = { seed: 1, deadline: Number.POSITIVE_INFINITY, now: () => 0 };
const top = { skill: 10, style: 'balanced' as const, risk: 0.3, thinkTimeMs: 2000 };

describe('checkers move reasons', () => {
  it('names what a capture takes, with every landing square', () => {
    const state = stateFromSquares({ dark: [6], light: [10, 19, 18], kings: [19] }, 0);
    const [first] = legalPaths(state);
    expect(moveReason(state, first!, plain)).toBe('A double jump: takes two men with 6x15x22');
    const [, second] = legalPaths(state);
    expect(moveReason(state, second!, plain)).toBe(
      'A double jump: takes a king and a man with 6x15x24',
    );
    const single = stateFromSquares({ dark: [14], light: [18, 1] }, 0);
    expect(moveReason(single, legalPaths(single)[0]!, plain)).toBe('Takes a man with 14x23');
  });

  it('says when a move crowns a king, and when a capture does', () => {
    const step = stateFromSquares({ dark: [25], light: [1] }, 0);
    expect(moveReason(step, legalPaths(step)[0]!, plain)).toBe('Crowns a king on 29');
    const jump = stateFromSquares({ dark: [22], light: [26] }, 0);
    expect(moveReason(jump, legalPaths(jump)[0]!, plain)).toBe(
      'Takes a man with 22x31 and crowns on 31',
    );
  });

  it('calls an exchange offer when ahead a trade', () => {
    const state = stateFromSquares({ dark: [14, 1, 2], light: [23] }, 0);
    const path = legalPaths(state).find((candidate) => candidate.path[1] === 17)!;
    expect(moveReason(state, path, { ...plain, offersCapture: true })).toBe(
      'Trades when ahead with 14-18',
    );
  });

  it('names a man one step from the crown, and a man leaving the back rank', () => {
    // square 26 is on row 6 of 0..7, the row before dark's crown row (29-32)
    const runner = stateFromSquares({ dark: [22, 1], light: [32] }, 0);
    const run = legalPaths(runner).find((path) => path.path[1] === 25)!;
    expect(moveReason(runner, run, plain)).toBe('Runs to 26, one step from crowning');
    const home = legalPaths(runner).find((path) => path.path[0] === 0)!;
    expect(moveReason(runner, home, plain)).toBe(
      `Leaves the back rank with 1-${home.path[1]! + 1}`,
    );
    const light = stateFromSquares({ dark: [1], light: [10] }, 1);
    const lightRun = legalPaths(light).find((path) => path.path[1] === 5)!;
    expect(moveReason(light, lightRun, plain)).toBe('Runs to 6, one step from crowning');
  });

  it('tells a king brought closer from one pulled back', () => {
    const state = stateFromSquares({ dark: [1, 18], light: [32], kings: [18] }, 0);
    const paths = legalPaths(state).filter((path) => path.path[0] === 17);
    const closer = paths.find((path) => path.path[1] === 22)!;
    const back = paths.find((path) => path.path[1] === 13)!;
    expect(moveReason(state, closer, plain)).toBe('Brings a king closer with 18-23');
    expect(moveReason(state, back, plain)).toBe('Pulls a king back with 18-14');
  });

  it('names the centre and the side for quiet men, then the style', () => {
    const state = stateFromSquares({ dark: [9, 12], light: [32] }, 0);
    const paths = legalPaths(state);
    const to = (from: number, target: number) =>
      paths.find((path) => path.path[0] === from - 1 && path.path[1] === target - 1)!;
    expect(moveReason(state, to(9, 14), plain)).toBe('Takes the centre with 9-14');
    expect(moveReason(state, to(9, 13), plain)).toBe('Moves to the side with 9-13');
    expect(moveReason(state, to(12, 16), plain)).toBe('Develops with 12-16');
    expect(moveReason(state, to(12, 16), { ...plain, style: 'aggressive' })).toBe(
      'Presses forward with 12-16',
    );
    expect(moveReason(state, to(12, 16), { ...plain, blunder: true })).toBe(
      'On instinct: develops with 12-16',
    );
  });

  it('plays two kings against one to the end, announcing the forced win', () => {
    const state = stateFromSquares({ dark: [14, 23], light: [32], kings: [14, 23, 32] }, 0);
    const decision = decideInPosition(state, top, clock, '');
    expect(decision.trace.reason).toMatch(/: a forced win in \d+ moves$/);
    expect(decision.trace.advantage).toBe(1);
  });
});
