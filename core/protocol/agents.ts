// zod/mini: the leaderboard on Home validates with these in the browser.
import * as z from 'zod/mini';
import { agentTraitsSchema } from '../agents/traits.ts';
import { gameIdSchema } from './matches.ts';

/** A count: a whole number, zero or more. */
export const count = z.int().check(z.minimum(0));

/** A Glicko-2 rating as shown to people: rating and deviation on the familiar 1500 scale. */
export const ratingSchema = z.object({
  rating: z.number(),
  deviation: z.number().check(z.minimum(0)),
  volatility: z.number().check(z.positive()),
});

/** Wins, losses and draws of one agent over its finished matches. */
export const agentRecordSchema = z.object({
  wins: count,
  losses: count,
  draws: count,
});

/** One agent of the roster as listed by `GET /api/agents`. */
export const agentSummarySchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  tagline: z.string(),
  traits: agentTraitsSchema,
  /** The games the agent plays. */
  games: z.array(gameIdSchema),
  /** In the game the list was asked for, or over every game (the overall view). */
  rating: ratingSchema,
  record: agentRecordSchema,
});

/** Query of `GET /api/agents`: one game's leaderboard, or without `game` the overall one. */
export const agentListQuerySchema = z.object({ game: z.optional(gameIdSchema) });

/** Body of `GET /api/agents`: the leaderboard, best rating first. */
export const agentListResponseSchema = z.object({ items: z.array(agentSummarySchema) });

/** @see agentSummarySchema */
export type AgentSummary = z.infer<typeof agentSummarySchema>;
