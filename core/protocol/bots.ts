import * as z from 'zod/mini';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import { agentNameSchema, freeTextSchema } from './agentText.ts';

/** Most active (not retired) bots one user may own. */
export const MAX_ACTIVE_BOTS_PER_USER = 3;

/** BOT_MATCHES_MAX's default: matches with a bot seated, announced or live, platform-wide. */
export const BOT_MATCHES_MAX_DEFAULT = 8;

/** A bot's token: a fixed prefix (so a leaked one is recognisable) and 32 random bytes. */
export const BOT_TOKEN_PATTERN = /^gmb_[A-Za-z0-9_-]{43}$/;

/** The 401 of every bot-API request whose token is missing, unknown or no longer plays. */
export const BAD_BOT_TOKEN = 'Send a valid bot token as "Authorization: Bearer <token>".';

/** Body of `POST /api/bots`. */
export const createBotBodySchema = z.object({
  name: agentNameSchema,
  description: z._default(freeTextSchema(160, 'Description must be at most 160 characters.'), ''),
  games: z.pipe(
    z
      .array(z.enum(GAME_IDS, 'Choose games Gridmind runs.'))
      .check(z.minLength(1, 'Choose at least one game.')),
    z.transform((games: GameId[]) => GAME_IDS.filter((id) => games.includes(id))),
  ),
});

/** A user's bot as its owner (and an admin) sees it. */
export const ownedBotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  games: z.array(z.enum(GAME_IDS)),
  status: z.enum(['active', 'suspended', 'retired']),
  /** A token exists (not revoked). The token itself is never shown again. */
  hasToken: z.boolean(),
  online: z.boolean(),
  rating: z.number(),
  record: z.object({
    wins: z.int().check(z.nonnegative()),
    losses: z.int().check(z.nonnegative()),
    draws: z.int().check(z.nonnegative()),
  }),
  createdAt: z.iso.datetime({ offset: true }),
});

/** Body of `GET /api/bots/mine` and `GET /api/admin/bots`. */
export const ownedBotListSchema = z.object({ items: z.array(ownedBotSchema) });

/**
 * Answer of `POST /api/bots` (201) and `POST /api/bots/:id/token`: the bot's token, which the
 * server keeps only as a hash, so this is the one time anyone sees it.
 */
export const botTokenSchema = z.object({ id: z.string(), token: z.string() });

/** Body of `POST /api/bot/matches/:id/moves`: the move at `ply` (1 = the match's first move). */
export const botMoveBodySchema = z.object({
  ply: z
    .number({ error: 'ply must be a whole number from 1.' })
    .check(z.int(), z.minimum(1), z.maximum(10_000)),
  move: z
    .string({ error: 'move must be a string in the game’s notation.' })
    .check(z.trim(), z.minLength(1), z.maxLength(64)),
});

/** Body of `POST /api/admin/bots/:id/suspension`. */
export const botSuspensionBodySchema = z.object({ suspended: z.boolean() });

/** What the bot event stream sends (the SSE `event:` field). */
export const BOT_EVENT = {
  start: 'match-start',
  move: 'move',
  end: 'match-end',
  heartbeat: 'heartbeat',
} as const;

const side = z.enum(['first', 'second']);

/** `match-start`: a match of the bot's was created (it may be announced for later). */
export const botStartEventSchema = z.object({
  matchId: z.string(),
  game: z.enum(GAME_IDS),
  /** The bot's side: `first` moves at ply 1. */
  side,
  opponent: z.object({ id: z.string(), name: z.string() }),
  /** When the first move may be played (later than now for an announced match). */
  startsAt: z.iso.datetime({ offset: true }),
  /** How long the bot has for each of its moves. */
  moveTimeoutMs: z.int().check(z.positive()),
  /** When the bot moves first: its legal moves at ply 1 (else empty). */
  legalMoves: z.array(z.string()),
  /** A tournament's game: which tournament, and which round (absent for any other match). */
  tournament: z.optional(z.object({ id: z.string(), round: z.int().check(z.minimum(1)) })),
});

/** `move`: a move of one of the bot's live matches, and whose turn it is now. */
export const botMoveEventSchema = z.object({
  matchId: z.string(),
  game: z.enum(GAME_IDS),
  side,
  ply: z.int().check(z.minimum(1)),
  move: z.string(),
  /** The whole move list after this move, in the game's stored encoding. */
  moves: z.string(),
  /** Whose turn it is now; null when the move ended the match. */
  toMove: z.nullable(side),
  /** When `toMove` is the bot: the move must arrive before this. */
  deadline: z.nullable(z.iso.datetime({ offset: true })),
  /** When `toMove` is the bot: every legal move, in the notation the move endpoint takes. */
  legalMoves: z.array(z.string()),
});

/** `match-end`: one of the bot's matches ended. */
export const botEndEventSchema = z.object({
  matchId: z.string(),
  game: z.enum(GAME_IDS),
  side,
  status: z.enum(['finished', 'cancelled']),
  result: z.nullable(z.enum(['first', 'second', 'draw'])),
  reason: z.nullable(z.string()),
  plies: z.int().check(z.nonnegative()),
});

/** @see ownedBotSchema */
export type OwnedBot = z.infer<typeof ownedBotSchema>;
/** What a client sends to `POST /api/bots` (before the server's trimming and defaults). */
export type CreateBotBody = z.input<typeof createBotBodySchema>;
