import { describe, expect, it } from 'vitest';
import { skillProfile } from './skillProfile.ts';
import type { AgentTraits } from './traits.ts';

const profile = (skill: number, thinkTimeMs: number) =>
  skillProfile({ skill, style: 'balanced', risk: 0.5, thinkTimeMs } satisfies AgentTraits);
const SOLVER_RANK = { never: 0, late: 1, always: 2 } as const;

describe('Connect Four skill profiles', () => {
  it.each([100, 1000, 10000])(
    'at %i ms each skill searches at least as deep and wide, solves at least as often, with no more noise or blunders, and is stronger in one',
    (thinkTimeMs) => {
      for (let skill = 2; skill <= 10; skill++) {
        const lower = profile(skill - 1, thinkTimeMs);
        const upper = profile(skill, thinkTimeMs);
        expect(upper.maxDepth).toBeGreaterThanOrEqual(lower.maxDepth);
        expect(upper.maxNodes).toBeGreaterThanOrEqual(lower.maxNodes);
        expect(SOLVER_RANK[upper.solver]).toBeGreaterThanOrEqual(SOLVER_RANK[lower.solver]);
        expect(upper.noise).toBeLessThanOrEqual(lower.noise);
        expect(upper.blunderRate).toBeLessThanOrEqual(lower.blunderRate);
        expect(upper).not.toEqual(lower);
      }
    },
  );
});
