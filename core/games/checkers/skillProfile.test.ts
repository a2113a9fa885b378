import { describe, expect, it } from 'vitest';
import type { AgentTraits } from '../../agents/traits.ts';
import { checkersSkill } from './skillProfile.ts';

const profile = (skill: number, thinkTimeMs: number) =>
  checkersSkill({ skill, style: 'balanced', risk: 0.5, thinkTimeMs } satisfies AgentTraits);

describe('checkers skill profiles', () => {
  it.each([100, 1000, 10000])(
    'at %i ms each skill searches at least as deep and wide, with no more noise or blunders, and is stronger in one',
    (thinkTimeMs) => {
      for (let skill = 2; skill <= 10; skill++) {
        const lower = profile(skill - 1, thinkTimeMs);
        const upper = profile(skill, thinkTimeMs);
        expect(upper.maxDepth).toBeGreaterThanOrEqual(lower.maxDepth);
        expect(upper.maxNodes).toBeGreaterThanOrEqual(lower.maxNodes);
        expect(upper.noise).toBeLessThanOrEqual(lower.noise);
        expect(upper.blunderRate).toBeLessThanOrEqual(lower.blunderRate);
        expect(upper).not.toEqual(lower);
      }
    },
  );

  it('skills 9 and 10 differ in depth at a one-second think time, where their node budgets meet', () => {
    // at 1 s both have the same nodes; skill 9 stops at its depth long before spending them
    expect(profile(9, 1000).maxNodes).toBe(profile(10, 1000).maxNodes);
    expect(profile(9, 1000).maxDepth).toBeLessThan(profile(10, 1000).maxDepth);
  });
});
