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
    expect(moveReason(state, first!, plain)).toBe('Takes two men with 6x15x22');
    const [, second] = legalPaths(state);
    expect(moveReason(state, second!, plain)).toBe('Takes a king and a man with 6x15x24');
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

  it('plays two kings against one to the end, announcing the forced win', () => {
    const state = stateFromSquares({ dark: [14, 23], light: [32], kings: [14, 23, 32] }, 0);
    const decision = decideInPosition(state, top, clock, '');
    expect(decision.trace.reason).toMatch(/^Forces a win in \d+ moves with /);
    expect(decision.trace.advantage).toBe(1);
  });
});
