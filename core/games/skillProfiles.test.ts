import { describe, expect, it } from 'vitest';
import { skillProfile } from '#core/agents/skillProfile.ts';
import type { AgentTraits } from '#core/agents/traits.ts';
import { checkersSkill } from './checkers/skillProfile.ts';
import { othelloSkillProfile } from './othello/skillProfile.ts';

const traits = (skill: number, thinkTimeMs: number): AgentTraits => ({
  skill,
  style: 'balanced',
  risk: 0.5,
  thinkTimeMs,
});

/** What every game's skill map shares: how deep and wide it searches, and how it errs. */
interface CommonSkill {
  maxDepth: number;
  maxNodes: number;
  noise: number;
  blunderRate: number;
}

const SOLVER_RANK = { never: 0, late: 1, always: 2 } as const;

// Each game's map, and what else in it must not shrink from one skill to the next.
const MAPS: { game: string; map: (traits: AgentTraits) => CommonSkill; growing: string[] }[] = [
  {
    game: 'Connect Four',
    map: (t) => {
      const profile = skillProfile(t);
      return { ...profile, solverRank: SOLVER_RANK[profile.solver] };
    },
    growing: ['solverRank'],
  },
  { game: 'Othello', map: othelloSkillProfile, growing: ['solverMaxNodes', 'solveFromEmpties'] },
  { game: 'checkers', map: checkersSkill, growing: [] },
];

describe.each(MAPS)('$game skill map', ({ map, growing }) => {
  it.each([100, 1000, 10000])(
    'at %i ms each skill searches at least as deep and wide, with no more noise or blunders, and is stronger in one',
    (thinkTimeMs) => {
      for (let skill = 2; skill <= 10; skill++) {
        const lower = map(traits(skill - 1, thinkTimeMs));
        const upper = map(traits(skill, thinkTimeMs));
        expect(upper.maxDepth).toBeGreaterThanOrEqual(lower.maxDepth);
        expect(upper.maxNodes).toBeGreaterThanOrEqual(lower.maxNodes);
        expect(upper.noise).toBeLessThanOrEqual(lower.noise);
        expect(upper.blunderRate).toBeLessThanOrEqual(lower.blunderRate);
        for (const key of growing) {
          const field = key as keyof typeof upper;
          expect(upper[field], `${key} at skill ${skill}`).toBeGreaterThanOrEqual(
            lower[field] as number,
          );
        }
        expect(upper).not.toEqual(lower);
      }
    },
  );
});

describe('skill maps at the edges', () => {
  it('Othello tries the solver only from as many empties as its node budget can finish', () => {
    const profile = (skill: number, ms: number) => othelloSkillProfile(traits(skill, ms));
    // a 1 s think time gives the solver 18 M nodes: more than a median solve from 20 empties
    expect(profile(10, 1000)).toMatchObject({ solverMaxNodes: 18_000_000, solveFromEmpties: 20 });
    // Oracle's 8 s: 144 M nodes, which finish all 40 measured solves from 20 empties
    expect(profile(10, 8000)).toMatchObject({ solverMaxNodes: 144_000_000, solveFromEmpties: 20 });
    // a tenth of a second: 1.8 M nodes, a typical solve from 17 empties
    expect(profile(10, 100).solveFromEmpties).toBe(17);
    expect(profile(8, 3000).solveFromEmpties).toBe(14);
  });

  it('checkers skills 9 and 10 differ in depth at a one-second think time, where their node budgets meet', () => {
    // at 1 s both have the same nodes; skill 9 stops at its depth long before spending them
    const [nine, ten] = [checkersSkill(traits(9, 1000)), checkersSkill(traits(10, 1000))];
    expect(nine.maxNodes).toBe(ten.maxNodes);
    expect(nine.maxDepth).toBeLessThan(ten.maxDepth);
  });
});
