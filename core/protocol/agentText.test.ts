import { describe, expect, it } from 'vitest';
import { createBotBodySchema } from './bots.ts';
import { createAgentBodySchema, updateAgentBodySchema } from './customAgents.ts';

const traits = { skill: 4, style: 'aggressive', risk: 0.3, thinkTimeMs: 500 };

describe('names and free text at the boundary', () => {
  it('normalises a bot’s name and cleans its description', () => {
    const body = createBotBodySchema.parse({
      name: ' Ｚｅｎ\u3000 Bot ',
      description: 'Plays \u202efair\u202c\u0007',
      games: ['connect4'],
    });
    expect(body.name).toBe('Zen Bot');
    expect(body.description).toBe('Plays fair');
  });

  it('cleans an agent’s tagline on create and edit, and counts its length after cleaning', () => {
    const tagline = `\u2067${'x'.repeat(80)}\u2069`;
    expect(createAgentBodySchema.parse({ name: 'Calm', tagline, traits }).tagline).toBe(
      'x'.repeat(80),
    );
    expect(updateAgentBodySchema.parse({ tagline: 'a\u0007b' }).tagline).toBe('ab');
  });

  it('refuses a name with a control or text-reordering character rather than hiding it', () => {
    for (const name of ['Sa\u202ege', 'Sa\u0007ge', 'Sa\u200fge']) {
      expect(createBotBodySchema.safeParse({ name, games: ['othello'] }).success, name).toBe(false);
    }
  });

  it('measures a name after normalisation: a ligature counts as its letters', () => {
    expect(createAgentBodySchema.safeParse({ name: 'ﬃ', traits }).success).toBe(true);
    expect(createAgentBodySchema.safeParse({ name: '  ab  ', traits }).success).toBe(false);
  });
});
