import { describe, expect, it } from 'vitest';
import { ValidationError } from '../errors.ts';
import { decide } from './decide.ts';
import { createAgentPlayer } from './player.ts';
import { BUILT_IN_AGENTS } from './roster.ts';

const budget = { deadline: Number.POSITIVE_INFINITY, now: () => 0 };

describe('createAgentPlayer', () => {
  it('answers like decide with its traits and seed', async () => {
    const juno = BUILT_IN_AGENTS.find((agent) => agent.id === 'juno')!;
    const player = createAgentPlayer(juno.traits, 42);
    await expect(player.move('44', budget)).resolves.toEqual(
      decide('44', juno.traits, { seed: 42, ...budget }),
    );
  });

  it('refuses invalid traits up front', () => {
    expect(() =>
      createAgentPlayer({ skill: 3, style: 'balanced', risk: 2, thinkTimeMs: 500 }, 1),
    ).toThrow(ValidationError);
  });
});
