// zod/mini: the leaderboard on Home validates with these in the browser.
import * as z from 'zod/mini';
import { agentTraitsSchema } from '../agents/traits.ts';
import { gameIdSchema } from './matches.ts';

/** A count: a whole number, zero or more. */
const count = z.int().check(z.minimum(0));

/** A Glicko-2 rating as shown to people: rating and deviation on the familiar 1500 scale. */
const ratingSchema = z.object({
  rating: z.number(),
  deviation: z.number().check(z.minimum(0)),
  volatility: z.number().check(z.positive()),
});

/** Wins, losses and draws of one agent over its finished matches. */
const agentRecordSchema = z.object({
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

/** An agent's standing in one game: an agent's Othello rating says nothing of its Connect Four. */
const gameStandingSchema = z.object({
  game: gameIdSchema,
  rating: ratingSchema,
  record: agentRecordSchema,
});

/** One point of an agent's rating history, written when a rated match ends. */
export const ratingHistoryPointSchema = z.object({
  matchId: z.string(),
  game: gameIdSchema,
  rating: z.number(),
  deviation: z.number().check(z.minimum(0)),
  at: z.iso.datetime({ offset: true }),
});

/** Query of `GET /api/agents`: one game's leaderboard, or without `game` the overall one. */
export const agentListQuerySchema = z.object({ game: z.optional(gameIdSchema) });

/** Body of `GET /api/agents`: the leaderboard, best rating first. */
export const agentListResponseSchema = z.object({ items: z.array(agentSummarySchema) });

/** Body of `GET /api/agents/:id`: the agent with its rating history, oldest first. */
export const agentDetailSchema = z.extend(agentSummarySchema, {
  /** One standing per game the agent has played or plays. */
  standings: z.array(gameStandingSchema),
  ratingHistory: z.array(ratingHistoryPointSchema),
});

/** @see agentSummarySchema */
export type AgentSummary = z.infer<typeof agentSummarySchema>;
/** @see agentDetailSchema */
export type AgentDetail = z.infer<typeof agentDetailSchema>;
/** @see ratingHistoryPointSchema */
export type RatingHistoryPoint = z.infer<typeof ratingHistoryPointSchema>;
