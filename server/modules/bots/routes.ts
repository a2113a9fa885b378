import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BAD_BOT_TOKEN,
  botMoveBodySchema,
  botSuspensionBodySchema,
  createBotBodySchema,
  MAX_ACTIVE_BOTS_PER_USER,
} from '#core/protocol/bots.ts';
import type { Queryable } from '#server/db/database.ts';
import {
  isAgentNameConflict,
  isAgentNameTaken,
  NAME_TAKEN_MESSAGE,
} from '#server/db/stores/agentNames.ts';
import { followOwnAgent } from '#server/db/stores/follows.ts';
import { requireAdmin, requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { createRateLimiter } from '#server/plugins/rateLimiter.ts';
import { refuseForRate } from '#server/plugins/rateLimits.ts';
import {
  type BotRow,
  botOfToken,
  countActiveBots,
  findBot,
  freshStartSeq,
  insertBot,
  listAllBots,
  listOwnedBots,
  newBotId,
  retireBot,
  setSuspended,
  setTokenHash,
  toOwnedBot,
} from './botStore.ts';
import { BotStreams } from './botStream.ts';
import { BotTokenCache } from './botTokenCache.ts';
import { bearerToken, hashBotToken, newBotToken } from './botTokens.ts';

const paramsSchema = z.object({ id: z.string().min(1).max(64) });
const lastEventIdSchema = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** What a bot's move answers: accepted (also for a repeat) or refused with a status. */
export type BotMoveAnswer =
  | {
      status: 200;
      body: { matchId: string; ply: number; move: string; moves: string; ended: boolean };
    }
  | { status: 401 | 404 | 409 | 422; body: { error: string; matchLost?: true } };

/**
 * Takes a bot's move; composed in app.ts from the match store, so the modules stay apart. It
 * checks `tokenHash` still plays in the transaction that stores the move (401 otherwise).
 */
export type RecordBotMove = (input: {
  matchId: string;
  botId: string;
  tokenHash: string;
  ply: number;
  move: string;
}) => Promise<BotMoveAnswer>;

/**
 * The bot an owner (or, with `admins`, an admin) may change; 404 or 403 otherwise, 409 when
 * retired. Admins may end a bot's token or the bot, never mint a token that plays as it.
 */
async function botToChange(
  tx: Queryable,
  request: FastifyRequest,
  admins: 'admins too' | 'owner only',
): Promise<BotRow> {
  const { id } = paramsSchema.parse(request.params);
  const bot = await findBot(tx, id, true);
  if (!bot) throw new HttpError(404, 'This bot does not exist.');
  const user = request.user;
  const isOwner = user?.userId !== undefined && bot.owner_id === user.userId;
  if (!isOwner && !(admins === 'admins too' && user?.isAdmin)) {
    throw new HttpError(
      403,
      admins === 'owner only'
        ? 'Only the owner of this bot can issue its token.'
        : 'Only the owner of this bot can change it.',
    );
  }
  if (bot.retired_at) throw new HttpError(409, 'This bot is retired.');
  return bot;
}

/**
 * Bring your own bot: owners register bots and manage their tokens (`/api/bots`), admins suspend
 * them, and bots play over `/api/bot/*` with `Authorization: Bearer <token>` (docs/BOTS.md).
 */
export const botRoutes: FastifyPluginAsync<{
  recordMove: RecordBotMove;
  movesPerMinute: number;
  heartbeatMs: number;
  streamsPerAddress: number;
}> = async (app, options) => {
  const { db, now } = app.gridmind;
  const streams = new BotStreams(db, now, {
    heartbeatMs: options.heartbeatMs,
    perAddress: options.streamsPerAddress,
  });
  await streams.start();
  const tokens = new BotTokenCache(db);
  await tokens.start();
  app.addHook('preClose', async () => {
    await streams.stop();
    await tokens.stop();
  });
  // Shared by every process; the hottest limit, so each process reserves a fiftieth of the budget
  // at a time and most moves cost it no statement.
  const moveLimiter = createRateLimiter({
    db,
    budget: 'bot-moves',
    max: options.movesPerMinute,
    windowMs: 60_000,
    now,
    blockSize: Math.floor(options.movesPerMinute / 50),
  });

  /**
   * The bot whose token the request carries, and the token's hash; 401 otherwise. `botOf` looks
   * the hash up: in the database by default, from this process's memory for a move (whose
   * transaction checks the token still plays).
   */
  const authenticate = async (
    request: FastifyRequest,
    botOf: (tokenHash: string) => Promise<string | null> = (hash) => botOfToken(db, hash),
  ) => {
    const token = bearerToken(request.headers.authorization);
    const tokenHash = token ? hashBotToken(token) : '';
    const botId = token ? await botOf(tokenHash) : null;
    if (!botId) throw new HttpError(401, BAD_BOT_TOKEN);
    return { botId, tokenHash };
  };

  app.get('/api/bots/mine', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await listOwnedBots(db, request.user?.userId ?? '');
    return { items: rows.map((row) => toOwnedBot(row, new Date(now()))) };
  });

  app.post('/api/bots', { preHandler: requireUser }, async (request, reply) => {
    const body = createBotBodySchema.parse(request.body);
    const userId = request.user?.userId ?? '';
    const id = newBotId();
    const token = newBotToken();
    try {
      await db.transaction(async (tx) => {
        // The user's row lock serialises their registrations, so the limit holds under concurrency.
        await tx.query('select id from users where id = $1 for update', [userId]);
        if ((await countActiveBots(tx, userId)) >= MAX_ACTIVE_BOTS_PER_USER) {
          throw new HttpError(
            409,
            `You can have at most ${MAX_ACTIVE_BOTS_PER_USER} active bots; retire one first.`,
          );
        }
        if (await isAgentNameTaken(tx, body.name, null)) {
          throw new HttpError(409, NAME_TAKEN_MESSAGE);
        }
        await insertBot(tx, { ...body, id, ownerId: userId }, hashBotToken(token), new Date(now()));
        await followOwnAgent(tx, userId, id, new Date(now()));
      });
    } catch (error) {
      // Several owners registering one name at once: the unique index lets one in.
      if (isAgentNameConflict(error)) throw new HttpError(409, NAME_TAKEN_MESSAGE);
      throw error;
    }
    return reply.code(201).header('cache-control', 'no-store').send({ id, token });
  });

  app.post('/api/bots/:id/token', { preHandler: requireUser }, async (request, reply) => {
    const token = newBotToken();
    const id = await db.transaction(async (tx) => {
      const bot = await botToChange(tx, request, 'owner only');
      await setTokenHash(tx, bot.id, hashBotToken(token));
      return bot.id;
    });
    return reply.header('cache-control', 'no-store').send({ id, token });
  });

  app.delete('/api/bots/:id/token', { preHandler: requireUser }, async (request, reply) => {
    await db.transaction(async (tx) => {
      const bot = await botToChange(tx, request, 'admins too');
      await setTokenHash(tx, bot.id, null);
    });
    return reply.code(204).send();
  });

  app.delete('/api/bots/:id', { preHandler: requireUser }, async (request, reply) => {
    await db.transaction(async (tx) => {
      const bot = await botToChange(tx, request, 'admins too');
      await retireBot(tx, bot.id, new Date(now()));
    });
    return reply.code(204).send();
  });

  app.get('/api/admin/bots', { preHandler: requireAdmin }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const rows = await listAllBots(db);
    return { items: rows.map((row) => toOwnedBot(row, new Date(now()))) };
  });

  app.post(
    '/api/admin/bots/:id/suspension',
    { preHandler: requireAdmin },
    async (request, reply) => {
      const { id } = paramsSchema.parse(request.params);
      const { suspended } = botSuspensionBodySchema.parse(request.body);
      await db.transaction(async (tx) => {
        if (!(await findBot(tx, id, true))) throw new HttpError(404, 'This bot does not exist.');
        await setSuspended(tx, id, suspended, new Date(now()));
      });
      return reply.code(204).send();
    },
  );

  // The bot API: what the bot's token opens.

  app.get('/api/bot/me', async (request, reply) => {
    const bot = await findBot(db, (await authenticate(request)).botId);
    reply.header('cache-control', 'no-store');
    return bot ? toOwnedBot(bot, new Date(now())) : reply.code(404).send();
  });

  app.get('/api/bot/events', async (request, reply) => {
    const { botId, tokenHash } = await authenticate(request);
    const header = request.headers['last-event-id'];
    const query = (request.query as { lastEventId?: unknown } | undefined)?.lastEventId;
    const given = typeof header === 'string' ? header : query;
    const parsed = given === undefined ? null : lastEventIdSchema.safeParse(given);
    if (parsed && !parsed.success) throw new HttpError(400, 'Last-Event-ID must be an event id.');
    const afterSeq = parsed ? parsed.data : await freshStartSeq(db, botId);
    await streams.open({ botId, tokenHash, address: request.ip }, reply, afterSeq);
  });

  app.post('/api/bot/matches/:id/moves', async (request, reply) => {
    const { botId, tokenHash } = await authenticate(request, (hash) => tokens.botOf(hash));
    const decision = await moveLimiter.hit(botId);
    if (!decision.allowed) return refuseForRate(reply, decision, 'Too many moves from this bot');
    const { id } = paramsSchema.parse(request.params);
    const body = botMoveBodySchema.parse(request.body);
    const answer = await options.recordMove({
      matchId: id,
      botId,
      tokenHash,
      ply: body.ply,
      move: body.move,
    });
    return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
  });
};
