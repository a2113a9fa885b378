import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '../../agents/traits.ts';
import { othelloSkillProfile } from './skillProfile.ts';

const profile = (skill: number, thinkTimeMs: number) =>
  othelloSkillProfile({ skill, style: 'balanced', risk: 0.5, thinkTimeMs } satisfies AgentTraits);

describe('Othello skill profiles', () => {
  it.each([100, 1000, 10000])(
    'at %i ms each skill searches at least as deep and wide, solves at least as early, with no more noise or blunders, and is stronger in one',
    (thinkTimeMs) => {
      for (let skill = 2; skill <= 10; skill++) {
        const lower = profile(skill - 1, thinkTimeMs);
        const upper = profile(skill, thinkTimeMs);
        expect(upper.maxDepth).toBeGreaterThanOrEqual(lower.maxDepth);
        expect(upper.maxNodes).toBeGreaterThanOrEqual(lower.maxNodes);
        expect(upper.solverMaxNodes).toBeGreaterThanOrEqual(lower.solverMaxNodes);
        expect(upper.solveFromEmpties).toBeGreaterThanOrEqual(lower.solveFromEmpties);
        expect(upper.noise).toBeLessThanOrEqual(lower.noise);
        expect(upper.blunderRate).toBeLessThanOrEqual(lower.blunderRate);
        expect(upper).not.toEqual(lower);
      }
    },
  );

  it('tries the solver only from as many empties as its node budget can finish', () => {
    // a 1 s think time gives the solver 12 M nodes: a typical solve from 19 empties, not 20
    expect(profile(10, 1000)).toMatchObject({ solverMaxNodes: 12_000_000, solveFromEmpties: 19 });
    // Oracle's 8 s: 96 M nodes, which finish 37 of 40 solves from 20 empties
    expect(profile(10, 8000)).toMatchObject({ solverMaxNodes: 96_000_000, solveFromEmpties: 20 });
    expect(profile(10, 100).solveFromEmpties).toBe(16);
    expect(profile(8, 3000).solveFromEmpties).toBe(14);
  });
});
