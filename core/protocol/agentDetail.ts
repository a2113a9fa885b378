// zod/mini: the agent page validates with these in the browser. Apart from agents.ts so that Home's
// first load, which lists agents, does not carry them.
import * as z from 'zod/mini';
import { agentRecordSchema, agentSummarySchema, ratingSchema } from './agents.ts';
import { count, gameIdSchema } from './matches.ts';

/** An agent's standing in one game: an agent's Othello rating says nothing of its Connect Four. */
const gameStandingSchema = z.object({
  game: gameIdSchema,
  rating: ratingSchema,
  record: agentRecordSchema,
  /**
   * Its moves in the game's finished matches that the server judged, and how many of them kept
   * the game's value (core/games/matchStory.ts). Absent from answers cached before it existed.
   */
  accuracy: z.optional(z.object({ judged: count, accurate: count })),
});

/**
 * How many of its latest ratings an agent's page gets: enough for the chart, and the same size
 * however many matches the agent has played.
 */
export const RATING_HISTORY_POINTS = 1_000;

/** One point of an agent's rating history, written when a rated match ends. */
export const ratingHistoryPointSchema = z.object({
  matchId: z.string(),
  game: gameIdSchema,
  rating: z.number(),
  deviation: z.number().check(z.minimum(0)),
  at: z.iso.datetime({ offset: true }),
});

/** Body of `GET /api/agents/:id`: the agent with its rating history, oldest first. */
export const agentDetailSchema = z.extend(agentSummarySchema, {
  /** One standing per game the agent has played or plays. */
  standings: z.array(gameStandingSchema),
  /** Set for a bot (an agent its owner's program plays over the bot API). */
  bot: z.optional(z.object({ online: z.boolean() })),
  /** The latest `RATING_HISTORY_POINTS`, oldest first. */
  ratingHistory: z.array(ratingHistoryPointSchema),
});

/** @see agentDetailSchema */
export type AgentDetail = z.infer<typeof agentDetailSchema>;
/** @see ratingHistoryPointSchema */
export type RatingHistoryPoint = z.infer<typeof ratingHistoryPointSchema>;
