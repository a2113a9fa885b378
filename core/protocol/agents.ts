import { z } from 'zod';
import { agentTraitsSchema } from '../agents/traits.ts';

/** A Glicko-2 rating as shown to people: rating and deviation on the familiar 1500 scale. */
const ratingSchema = z.object({
  rating: z.number(),
  deviation: z.number().nonnegative(),
  volatility: z.number().positive(),
});

/** Wins, losses and draws of one agent over its finished matches. */
const agentRecordSchema = z.object({
  wins: z.number().int().nonnegative(),
  losses: z.number().int().nonnegative(),
  draws: z.number().int().nonnegative(),
});

/** One agent of the roster as listed by `GET /api/agents`. */
export const agentSummarySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  tagline: z.string(),
  traits: agentTraitsSchema,
  rating: ratingSchema,
  record: agentRecordSchema,
});

/** One point of an agent's rating history, written when a rated match ends. */
export const ratingHistoryPointSchema = z.object({
  matchId: z.string(),
  rating: z.number(),
  deviation: z.number().nonnegative(),
  at: z.iso.datetime({ offset: true }),
});

/** Body of `GET /api/agents`: the leaderboard, best rating first. */
export const agentListResponseSchema = z.object({ items: z.array(agentSummarySchema) });

/** Body of `GET /api/agents/:id`: the agent with its rating history, oldest first. */
export const agentDetailSchema = agentSummarySchema.extend({
  ratingHistory: z.array(ratingHistoryPointSchema),
});

/** @see agentSummarySchema */
export type AgentSummary = z.infer<typeof agentSummarySchema>;
/** @see agentDetailSchema */
export type AgentDetail = z.infer<typeof agentDetailSchema>;
/** @see ratingHistoryPointSchema */
export type RatingHistoryPoint = z.infer<typeof ratingHistoryPointSchema>;
