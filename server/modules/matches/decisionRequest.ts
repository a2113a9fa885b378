import { z } from 'zod';
import { agentTraitsSchema } from '../../../core/agents/traits.ts';
import { movesSchema, moveTraceSchema } from '../../../core/protocol/matches.ts';

/** What the pool posts to a decision worker: a position, who plays it, and its time budget. */
export const decisionRequestSchema = z.object({
  id: z.number().int(),
  moves: movesSchema,
  traits: agentTraitsSchema,
  seed: z.number().int(),
  budgetMs: z.number().int().positive(),
});

/** What a decision worker posts back. */
export const decisionResponseSchema = z.union([
  z.object({
    id: z.number().int(),
    decision: z.object({ move: z.number().int().min(1).max(7), trace: moveTraceSchema }),
  }),
  z.object({ id: z.number().int(), error: z.string() }),
]);

/** @see decisionRequestSchema */
export type DecisionRequest = z.infer<typeof decisionRequestSchema>;
