// zod/mini: these schemas validate Home's data in the browser, where the first load stays small.
import * as z from 'zod/mini';
import { GAME_IDS } from '#core/games/gameIds.ts';

/** An instant with its UTC offset, as the server writes it. */
export const timestamp = z.iso.datetime({ offset: true });

/** A registered game's id. */
export const gameIdSchema = z.enum(GAME_IDS);

/**
 * One move in its game's notation (`'4'`, `'d3'`, `'pass'`, `'9x18x27'`). The shape is checked
 * here; whether it is legal, only the game's rules can say (`core/games/replay.ts`).
 */
export const notation = z.string().check(z.regex(/^[a-z0-9x-]{1,40}$/));

/** Longest move list of any game, in plies: a bound for the protocol, games keep their own. */
export const MAX_PLIES = 1000;

/** A count: a whole number, zero or more. */
export const count = z.int().check(z.minimum(0));

/** Lifecycle of a match: played by the runner, then finished (or cancelled by an operator). */
const matchStatusSchema = z.enum(['scheduled', 'live', 'finished', 'cancelled']);

/** Who won: the player who moved first, the second, or nobody. */
const matchResultSchema = z.enum(['first', 'second', 'draw']);

/**
 * Cells that show a finished match's result (Connect Four's winning four, the winner's discs or
 * pieces), numbered as the game numbers its board. The server computes them once from the
 * moves; clients only draw them.
 */
const resultCellsSchema = z.array(z.int().check(z.minimum(0), z.maximum(255)));

/** Why a match ended, in the game's words ('four-in-a-row', 'no-moves', 'timeout', ...). */
const resultReasonSchema = z.string().check(z.regex(/^[a-z-]{1,40}$/));

/**
 * A match's moves in its game's compact encoding (`GameDefinition.encodeMoves`): printable
 * ASCII here, decoded and replayed by the game's rules wherever it is trusted.
 */
export const movesSchema = z.string().check(z.regex(/^[\x20-\x7e]{0,8000}$/));

/** One side of a match, with the rating it had when the match started. */
const matchPlayerSchema = z.object({
  agentId: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  rating: z.number(),
});

/** A match as listed: its players, moves so far and, once over, the result. */
export const matchSummarySchema = z.object({
  id: z.string().check(z.minLength(1)),
  game: gameIdSchema,
  status: matchStatusSchema,
  players: z.tuple([matchPlayerSchema, matchPlayerSchema]),
  moves: movesSchema,
  /** How many moves `moves` holds (plies), so no client decodes a game's encoding to count. */
  plies: count,
  result: z.optional(matchResultSchema),
  /** Why a finished match ended. */
  reason: z.optional(resultReasonSchema),
  /** Cells that show the result, once finished (none for a draw). */
  resultCells: z.optional(resultCellsSchema),
  startedAt: timestamp,
  endedAt: z.optional(timestamp),
  /** A scheduled match's first move: bets are taken until then. */
  startsAt: z.optional(timestamp),
});

/** Query of `GET /api/matches`. The cursor is opaque to clients. */
export const matchListQuerySchema = z.object({
  status: z.optional(z.enum(['scheduled', 'live', 'finished'])),
  game: z.optional(gameIdSchema),
  /** Only the matches this agent plays or played. */
  agent: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
  cursor: z.optional(z.string().check(z.maxLength(200))),
  limit: z._default(z.pipe(z.coerce.number(), z.int().check(z.minimum(1), z.maximum(100))), 20),
});

/** Body of `GET /api/matches`: newest first, `nextCursor` null on the last page. */
export const matchListResponseSchema = z.object({
  items: z.array(matchSummarySchema),
  nextCursor: z.nullable(z.string()),
});

/**
 * What a board needs of an SSE `move` event: its ply and the encoded move list after it. Lists and
 * Home read only this, so the full move schema (matchMoves.ts) stays out of the first load.
 */
export const moveProgressSchema = z.object({
  matchId: z.string(),
  ply: z.int().check(z.minimum(1), z.maximum(MAX_PLIES)),
  moves: movesSchema,
});

/** SSE `result` event data, sent once after the last move. */
export const resultEventSchema = z.object({
  matchId: z.string(),
  status: z.enum(['finished', 'cancelled']),
  result: z.optional(matchResultSchema),
  moves: movesSchema,
  plies: count,
  endedAt: timestamp,
  /** Why it ended (absent when cancelled). */
  reason: z.optional(resultReasonSchema),
  /** Cells that show the result, empty for a draw or a cancelled match. */
  resultCells: resultCellsSchema,
});

/** SSE `spectators` event data: how many streams watch this match across every process. */
export const spectatorsEventSchema = z.object({ count });

/** SSE event names of a match stream. */
export const MATCH_EVENT = {
  move: 'move',
  result: 'result',
  spectators: 'spectators',
  /**
   * The match's betting pools; data is GET /api/matches/:id/pools. Sent whenever a bet changes
   * them, and as the stream (re)opens: after `spectators`, before any move, where they stand.
   */
  pools: 'pools',
  /**
   * A verdict on a move already sent, computed after it was stored (bots' moves are judged once
   * acknowledged, never before); data is `verdictEventSchema` (matchMoves.ts). No event id.
   */
  verdict: 'verdict',
  /**
   * The stream's last event, after `result` and the late verdicts of a match just ended (at most
   * `LATE_VERDICT_WAIT_MS` after its end); data is `{ matchId }`. A client closes on it, so
   * EventSource does not reconnect to a stream with nothing more to say.
   */
  end: 'end',
} as const;

/**
 * How long after a match's end its stream waits for late verdicts on its bots' moves (a verdict
 * the judge skipped never comes): the last moves' verdicts reach an open watch page, and no
 * stream stays open longer than this for them.
 */
export const LATE_VERDICT_WAIT_MS = 30_000;

/** @see matchSummarySchema */
export type MatchSummary = z.infer<typeof matchSummarySchema>;
/** @see resultEventSchema */
export type ResultEvent = z.infer<typeof resultEventSchema>;
/** @see matchResultSchema */
export type MatchResult = z.infer<typeof matchResultSchema>;
