import { z } from 'zod';
import { ValidationError } from '../errors.ts';

/** How an agent plays: strength, temperament, appetite for risk, and time per move. */
export const agentTraitsSchema = z.object({
  skill: z
    .number({ error: 'Skill must be a whole number from 1 to 10.' })
    .int('Skill must be a whole number from 1 to 10.')
    .min(1, 'Skill must be a whole number from 1 to 10.')
    .max(10, 'Skill must be a whole number from 1 to 10.'),
  style: z.enum(['aggressive', 'balanced', 'defensive'], {
    error: 'Style must be aggressive, balanced or defensive.',
  }),
  risk: z
    .number({ error: 'Risk must be a number from 0 to 1.' })
    .min(0, 'Risk must be a number from 0 to 1.')
    .max(1, 'Risk must be a number from 0 to 1.'),
  thinkTimeMs: z
    .number({ error: 'Think time must be a whole number of milliseconds from 100 to 10000.' })
    .int('Think time must be a whole number of milliseconds from 100 to 10000.')
    .min(100, 'Think time must be a whole number of milliseconds from 100 to 10000.')
    .max(10000, 'Think time must be a whole number of milliseconds from 100 to 10000.'),
});

/** Validated agent traits. */
export type AgentTraits = z.infer<typeof agentTraitsSchema>;

/** Agent style: how own threats are weighed against the opponent's. */
export type AgentStyle = AgentTraits['style'];

/** Parses traits from anywhere; throws `ValidationError` listing every bad field. */
export function parseAgentTraits(input: unknown): AgentTraits {
  const result = agentTraitsSchema.safeParse(input);
  if (result.success) return result.data;
  const messages = [...new Set(result.error.issues.map((issue) => issue.message))];
  throw new ValidationError(messages.join(' '), { cause: result.error });
}
