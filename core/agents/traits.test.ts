import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors.ts';
import { BUILT_IN_AGENTS } from './roster.ts';
import { parseAgentTraits } from './traits.ts';

const good = { skill: 5, style: 'balanced', risk: 0.5, thinkTimeMs: 1000 } as const;

describe('agent traits', () => {
  it('accepts traits in range', () => {
    expect(parseAgentTraits(good)).toEqual(good);
  });

  it.each([
    [{ skill: 0 }, 'Skill must be a whole number from 1 to 10.'],
    [{ skill: 5.5 }, 'Skill must be a whole number from 1 to 10.'],
    [{ style: 'reckless' }, 'Style must be aggressive, balanced or defensive.'],
    [{ risk: 1.2 }, 'Risk must be a number from 0 to 1.'],
    [{ thinkTimeMs: 50 }, 'Think time must be a whole number of milliseconds from 100 to 10000.'],
  ])('rejects %o with a clear message', (change, message) => {
    expect(() => parseAgentTraits({ ...good, ...change })).toThrow(ValidationError);
    expect(() => parseAgentTraits({ ...good, ...change })).toThrow(message);
  });

  it('lists every bad field at once', () => {
    expect(() => parseAgentTraits({ skill: 11, style: 'x', risk: -1, thinkTimeMs: 1 })).toThrow(
      /Skill.*Style.*Risk.*Think time/,
    );
  });

  it('ships at least eight built-in agents with stable unique ids and valid traits', () => {
    expect(BUILT_IN_AGENTS.length).toBeGreaterThanOrEqual(8);
    const ids = BUILT_IN_AGENTS.map((agent) => agent.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const agent of BUILT_IN_AGENTS) {
      expect(agent.id).toMatch(/^[a-z][a-z0-9-]*$/);
      expect(parseAgentTraits(agent.traits)).toEqual(agent.traits);
    }
    expect(new Set(BUILT_IN_AGENTS.map((agent) => agent.traits.skill)).size).toBeGreaterThan(7);
  });
});
