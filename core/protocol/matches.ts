// zod/mini: these schemas validate Home's data in the browser, where the first load stays small.
import * as z from 'zod/mini';

/** An instant with its UTC offset, as the server writes it. */
const timestamp = z.iso.datetime({ offset: true });

/** A board column, 1..7. */
const column = z.int().check(z.minimum(1), z.maximum(7));

/** A count: a whole number, zero or more. */
const count = z.int().check(z.minimum(0));

/** Lifecycle of a match: played by the runner, then finished (or cancelled by an operator). */
const matchStatusSchema = z.enum(['scheduled', 'live', 'finished', 'cancelled']);

/** Who won: the player who moved first, the second, or nobody. */
const matchResultSchema = z.enum(['first', 'second', 'draw']);

/**
 * Cells of the four in a row that won a match, `row * 7 + (column - 1)`, row 0 at the bottom.
 * The server computes them once from the moves; clients only draw them.
 */
const winningLineSchema = z.array(z.int().check(z.minimum(0), z.maximum(41)));

/** A Connect Four move string: columns '1'..'7', first player first. */
export const movesSchema = z.string().check(z.regex(/^[1-7]{0,42}$/));

/** One side of a match, with the rating it had when the match started. */
const matchPlayerSchema = z.object({
  agentId: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  rating: z.number(),
});

/** Why an agent played a move: the candidates it scored and the line it would say out loud. */
export const moveTraceSchema = z.object({
  candidates: z.array(z.object({ move: column, score: z.number() })),
  depth: count,
  nodes: count,
  chosen: column,
  reason: z.string(),
});

/** A match as listed: its players, moves so far and, once over, the result. */
export const matchSummarySchema = z.object({
  id: z.string().check(z.minLength(1)),
  game: z.literal('connect4'),
  status: matchStatusSchema,
  players: z.tuple([matchPlayerSchema, matchPlayerSchema]),
  moves: movesSchema,
  result: z.optional(matchResultSchema),
  /** Once a four in a row has won the match. */
  winningLine: z.optional(winningLineSchema),
  startedAt: timestamp,
  endedAt: z.optional(timestamp),
  /** A scheduled match's first move: bets are taken until then. */
  startsAt: z.optional(timestamp),
});

/** One played move: `ply` is its number (1 for the first move), also the SSE event id. */
export const matchMoveSchema = z.object({
  ply: z.int().check(z.minimum(1), z.maximum(42)),
  column,
  agentId: z.string().check(z.minLength(1)),
  trace: moveTraceSchema,
  playedAt: timestamp,
});

/** Body of `GET /api/matches/:id`: the match with every move and its trace, and who is watching. */
export const matchDetailSchema = z.extend(matchSummarySchema, {
  turns: z.array(matchMoveSchema),
  spectators: count,
});

/** Query of `GET /api/matches`. The cursor is opaque to clients. */
export const matchListQuerySchema = z.object({
  status: z.optional(z.enum(['scheduled', 'live', 'finished'])),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 20),
});

/** Body of `GET /api/matches`: newest first, `nextCursor` null on the last page. */
export const matchListResponseSchema = z.object({
  items: z.array(matchSummarySchema),
  nextCursor: z.nullable(z.string()),
});

/** Body of `GET /api/games`: the catalogue with live and finished counts per game. */
export const gameCatalogueSchema = z.object({
  items: z.array(
    z.object({
      id: z.literal('connect4'),
      name: z.string(),
      live: count,
      finished: count,
    }),
  ),
});

/** SSE `move` event data (the event id is the ply). */
export const moveEventSchema = z.extend(matchMoveSchema, { matchId: z.string() });

/** SSE `result` event data, sent once after the last move. */
export const resultEventSchema = z.object({
  matchId: z.string(),
  status: z.enum(['finished', 'cancelled']),
  result: z.optional(matchResultSchema),
  moves: movesSchema,
  endedAt: timestamp,
  /** The winning four's cells, or null for a draw or a cancelled match. */
  winningLine: z.nullable(winningLineSchema),
});

/** SSE `spectators` event data: how many streams watch this match across every process. */
export const spectatorsEventSchema = z.object({ count });

/** SSE event names of a match stream. */
export const MATCH_EVENT = {
  move: 'move',
  result: 'result',
  spectators: 'spectators',
  /** The match's betting pools changed (a bet was placed); data is GET /api/matches/:id/pools. */
  pools: 'pools',
} as const;

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
