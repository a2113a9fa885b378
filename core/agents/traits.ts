// zod/mini: the leaderboard on Home validates traits in the browser, where the first load stays
// small. Each field has one message, whatever is wrong with it.
import * as z from 'zod/mini';
import { ValidationError } from '#core/errors.ts';

const SKILL = 'Skill must be a whole number from 1 to 10.';
const STYLE = 'Style must be aggressive, balanced or defensive.';
const RISK = 'Risk must be a number from 0 to 1.';
const THINK_TIME = 'Think time must be a whole number of milliseconds from 100 to 10000.';

/** How an agent plays: strength, temperament, appetite for risk, and time per move. */
export const agentTraitsSchema = z.object({
  skill: z.int({ error: SKILL }).check(z.minimum(1, SKILL), z.maximum(10, SKILL)),
  style: z.enum(['aggressive', 'balanced', 'defensive'], { error: STYLE }),
  risk: z.number({ error: RISK }).check(z.minimum(0, RISK), z.maximum(1, RISK)),
  thinkTimeMs: z
    .int({ error: THINK_TIME })
    .check(z.minimum(100, THINK_TIME), z.maximum(10000, THINK_TIME)),
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
