import { z } from 'zod';

/** Lifecycle of a match: played by the runner, then finished (or cancelled by an operator). */
const matchStatusSchema = z.enum(['scheduled', 'live', 'finished', 'cancelled']);

/** Who won: the player who moved first, the second, or nobody. */
const matchResultSchema = z.enum(['first', 'second', 'draw']);

/** A Connect Four move string: columns '1'..'7', first player first. */
export const movesSchema = z.string().regex(/^[1-7]{0,42}$/);

/** One side of a match, with the rating it had when the match started. */
const matchPlayerSchema = z.object({
  agentId: z.string().min(1),
  name: z.string().min(1),
  rating: z.number(),
});

/** Why an agent played a move: the candidates it scored and the line it would say out loud. */
export const moveTraceSchema = z.object({
  candidates: z.array(z.object({ move: z.number().int().min(1).max(7), score: z.number() })),
  depth: z.number().int().nonnegative(),
  nodes: z.number().int().nonnegative(),
  chosen: z.number().int().min(1).max(7),
  reason: z.string(),
});

/** A match as listed: its players, moves so far and, once over, the result. */
export const matchSummarySchema = z.object({
  id: z.string().min(1),
  game: z.literal('connect4'),
  status: matchStatusSchema,
  players: z.tuple([matchPlayerSchema, matchPlayerSchema]),
  moves: movesSchema,
  result: matchResultSchema.optional(),
  startedAt: z.iso.datetime({ offset: true }),
  endedAt: z.iso.datetime({ offset: true }).optional(),
  /** A scheduled match's first move: bets are taken until then. */
  startsAt: z.iso.datetime({ offset: true }).optional(),
});

/** One played move: `ply` is its number (1 for the first move), also the SSE event id. */
export const matchMoveSchema = z.object({
  ply: z.number().int().min(1).max(42),
  column: z.number().int().min(1).max(7),
  agentId: z.string().min(1),
  trace: moveTraceSchema,
  playedAt: z.iso.datetime({ offset: true }),
});

/** Body of `GET /api/matches/:id`: the match with every move and its trace, and who is watching. */
export const matchDetailSchema = matchSummarySchema.extend({
  turns: z.array(matchMoveSchema),
  spectators: z.number().int().nonnegative(),
});

/** Query of `GET /api/matches`. The cursor is opaque to clients. */
export const matchListQuerySchema = z.object({
  status: z.enum(['scheduled', 'live', 'finished']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Body of `GET /api/matches`: newest first, `nextCursor` null on the last page. */
export const matchListResponseSchema = z.object({
  items: z.array(matchSummarySchema),
  nextCursor: z.string().nullable(),
});

/** Body of `GET /api/games`: the catalogue with live and finished counts per game. */
export const gameCatalogueSchema = z.object({
  items: z.array(
    z.object({
      id: z.literal('connect4'),
      name: z.string(),
      live: z.number().int().nonnegative(),
      finished: z.number().int().nonnegative(),
    }),
  ),
});

/** SSE `move` event data (the event id is the ply). */
export const moveEventSchema = matchMoveSchema.extend({ matchId: z.string() });

/** SSE `result` event data, sent once after the last move. */
export const resultEventSchema = z.object({
  matchId: z.string(),
  status: z.enum(['finished', 'cancelled']),
  result: matchResultSchema.optional(),
  moves: movesSchema,
  endedAt: z.iso.datetime({ offset: true }),
  /** Cells of the winning four: `row * 7 + (column - 1)`, row 0 at the bottom. */
  winningLine: z.array(z.number().int().min(0).max(41)).nullable(),
});

/** SSE `spectators` event data: how many streams watch this match across every process. */
export const spectatorsEventSchema = z.object({ count: z.number().int().nonnegative() });

/** SSE event names of a match stream. */
export const MATCH_EVENT = { move: 'move', result: 'result', spectators: 'spectators' } as const;

/** @see matchSummarySchema */
export type MatchSummary = z.infer<typeof matchSummarySchema>;
/** @see matchMoveSchema */
export type MatchMove = z.infer<typeof matchMoveSchema>;
/** @see moveEventSchema */
export type MoveEvent = z.infer<typeof moveEventSchema>;
/** @see resultEventSchema */
export type ResultEvent = z.infer<typeof resultEventSchema>;
/** @see matchResultSchema */
export type MatchResult = z.infer<typeof matchResultSchema>;
