import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { z } from 'zod';
import { telegramMiniAppLinkBodySchema } from '#core/protocol/telegram.ts';
import { requireUser } from '#server/plugins/auth.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { createRateLimiter } from '#server/plugins/rateLimiter.ts';
import { refuseForRate } from '#server/plugins/rateLimits.ts';
import { verifyInitData } from './initData.ts';
import { addCommands, hashLinkCode, newLinkCode } from './telegramBot.ts';
import {
  claimUpdate,
  findChatOf,
  insertLinkCode,
  linkChat,
  pruneTelegramRows,
  releaseUpdate,
  unlinkUser,
} from './telegramStore.ts';

/** What app.ts gives the Telegram routes: the bot and its configuration. */
export interface TelegramRoutesOptions {
  bot: Bot;
  token: string;
  webhookSecret: string;
  username: string;
  miniAppName: string;
}

/** How long a `/start` link code works. */
const LINK_CODE_TTL_MS = 15 * 60_000;
/** The oldest Mini App `initData` accepted for linking. */
const INIT_DATA_MAX_AGE_MS = 60 * 60_000;
/** Telegram gives up redelivering an update within a day; its id is kept twice that. */
const SEEN_UPDATE_TTL_MS = 48 * 60 * 60_000;
/** How often a process prunes old update ids and expired codes. */
const PRUNE_EVERY_MS = 60 * 60_000;
/** Links and link codes one user may make a minute, every process together. */
const LINK_WRITES_PER_MINUTE = 10;
/** A message's text alone may be 4,096 characters: more than the app's 16 KB, nginx's 64 KB. */
const WEBHOOK_BODY_LIMIT_BYTES = 64 * 1024;

const updateSchema = z.looseObject({ update_id: z.number().int().nonnegative() });

/** Same length, any content: compares secrets in constant time whatever their lengths. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The Telegram bot's routes: its webhook (`POST /api/telegram/webhook`, Telegram's secret-token
 * header checked in constant time before the body is read; each update handled once across
 * processes) and the signed-in user's link (`GET`/`POST`/`DELETE /api/telegram/link`, where POST
 * takes a Mini App's `initData`, and `POST /api/telegram/link-code` for a `/start` deep link).
 * Registered only with a bot token: without one these paths are the site's JSON 404.
 */
export const telegramRoutes: FastifyPluginAsync<TelegramRoutesOptions> = async (app, options) => {
  const { db, now } = app.gridmind;
  const { bot, token, username, miniAppName } = options;
  const expectedSecret = digest(options.webhookSecret);
  addCommands(bot, { db, now, username, miniAppName });
  let nextPruneMs = Number.NEGATIVE_INFINITY;
  // Links and codes are writes: a few a minute per user is all a person needs.
  const linkWrites = createRateLimiter({
    db,
    budget: 'telegram-link',
    max: LINK_WRITES_PER_MINUTE,
    windowMs: 60_000,
    now,
  });
  const limitLinkWrites = async (request: FastifyRequest, reply: FastifyReply) => {
    const decision = await linkWrites.hit(request.user?.userId ?? '');
    if (!decision.allowed) return refuseForRate(reply, decision, 'Too many Telegram links');
  };
  const signedInWrite = { preHandler: [requireUser, limitLinkWrites] };

  const checkSecret = async (request: FastifyRequest, reply: FastifyReply) => {
    const given = request.headers['x-telegram-bot-api-secret-token'];
    if (typeof given !== 'string' || given === '') {
      await reply.code(401).send({ error: 'Missing Telegram secret token' });
    } else if (!timingSafeEqual(digest(given), expectedSecret)) {
      await reply.code(403).send({ error: 'Wrong Telegram secret token' });
    }
  };

  app.post(
    '/api/telegram/webhook',
    { onRequest: checkSecret, bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
    async (request) => {
      const update = updateSchema.parse(request.body);
      const nowMs = now();
      if (nowMs >= nextPruneMs) {
        nextPruneMs = nowMs + PRUNE_EVERY_MS;
        // Off the update's path: a failed prune is tried again an hour later.
        void pruneTelegramRows(
          db,
          new Date(nowMs - SEEN_UPDATE_TTL_MS),
          new Date(nowMs - LINK_CODE_TTL_MS),
        ).catch((error: unknown) => app.log.warn({ err: error }, 'Telegram rows not pruned'));
      }
      // A redelivery of an update some process handled: acknowledged, not handled again.
      if (!(await claimUpdate(db, update.update_id, new Date(nowMs)))) return {};
      try {
        await bot.handleUpdate(update as unknown as Update);
      } catch (error) {
        // Telegram redelivers what did not get a 200: let that redelivery be handled.
        await releaseUpdate(db, update.update_id);
        throw error;
      }
      return {};
    },
  );

  app.get('/api/telegram/link', { preHandler: requireUser }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const chat = await findChatOf(db, request.user?.userId ?? '');
    return { linked: chat !== null };
  });

  app.post('/api/telegram/link', signedInWrite, async (request) => {
    const { initData } = telegramMiniAppLinkBodySchema.parse(request.body);
    const nowMs = now();
    const telegramUser = verifyInitData(initData, token, nowMs, INIT_DATA_MAX_AGE_MS);
    if (!telegramUser) {
      throw new HttpError(
        403,
        'Telegram could not vouch for this link: open Gridmind from Telegram again.',
      );
    }
    // The bot's private chat with a user has the user's id.
    const chat = {
      telegramUserId: telegramUser.telegramUserId,
      chatId: telegramUser.telegramUserId,
    };
    await linkChat(db, request.user?.userId ?? '', chat, new Date(nowMs));
    return { linked: true };
  });

  app.post('/api/telegram/link-code', signedInWrite, async (request) => {
    const code = newLinkCode();
    const expiresAt = new Date(now() + LINK_CODE_TTL_MS);
    await insertLinkCode(db, hashLinkCode(code), request.user?.userId ?? '', expiresAt);
    return { url: `https://t.me/${username}?start=${code}`, expiresAt: expiresAt.toISOString() };
  });

  app.delete('/api/telegram/link', { preHandler: requireUser }, async (request, reply) => {
    await unlinkUser(db, request.user?.userId ?? '');
    return reply.code(204).send();
  });
};
