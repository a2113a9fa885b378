// zod/mini: the leaderboard on Home validates with these in the browser.
import * as z from 'zod/mini';
import { agentTraitsSchema } from '#core/agents/traits.ts';
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

/**
 * How many agents a leaderboard lists: its top. Every visitor's home page asks for it every 20 s,
 * so it stays the same size however many agents users create.
 */
export const LEADERBOARD_SIZE = 100;

/** How many agents one `GET /api/agents?ids=` may name (a watch page names its two players). */
export const AGENT_IDS_MAX = 20;

const agentIdsSchema = z
  .pipe(
    z.string().check(z.maxLength(AGENT_IDS_MAX * 65)),
    z.transform((ids: string) => [...new Set(ids.split(',').filter((id) => id !== ''))]),
  )
  .check(
    z.refine((ids: string[]) => ids.length >= 1 && ids.length <= AGENT_IDS_MAX, {
      message: `Name between 1 and ${AGENT_IDS_MAX} agents, separated by commas`,
    }),
    z.refine((ids: string[]) => ids.every((id) => id.length <= 64), {
      message: 'An agent id is at most 64 characters',
    }),
  );

/**
 * Query of `GET /api/agents`: one game's leaderboard, or without `game` the overall one; with
 * `ids`, those agents (hidden and retired ones too: a replay still names its players).
 */
export const agentListQuerySchema = z.object({
  game: z.optional(gameIdSchema),
  ids: z.optional(agentIdsSchema),
});

/** Body of `GET /api/agents`: the leaderboard's top `LEADERBOARD_SIZE`, best rating first. */
export const agentListResponseSchema = z.object({ items: z.array(agentSummarySchema) });

/** @see agentSummarySchema */
export type AgentSummary = z.infer<typeof agentSummarySchema>;
