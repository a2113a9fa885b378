import { createHash, randomBytes } from 'node:crypto';
import { Bot, InlineKeyboard } from 'grammy';
import type { UserFromGetMe } from 'grammy/types';
import type { Database } from '#server/db/database.ts';
import { redeemLinkCode, unlinkChat } from './telegramStore.ts';

/** What the bot needs to know of itself and of the app. */
export interface TelegramBotOptions {
  token: string;
  /** The bot's username without `@`. */
  username: string;
  /** The Mini App's short name: `https://t.me/<bot>/<name>` opens it. */
  miniAppName: string;
  /** Telegram's Bot API root (a local stand-in in tests). */
  apiRoot: string;
}

/** How long a Bot API call may take before it counts as failed (grammY's own default is 500 s). */
const API_TIMEOUT_SECONDS = 10;

/**
 * The grammY bot, without its commands: its `api` sends messages (the delivery channel) and
 * its updates arrive by webhook. Its own description is built from the configuration instead of
 * asking `getMe`, which grammY retries without end while Telegram cannot be reached.
 */
export function createBot(options: TelegramBotOptions): Bot {
  const botInfo: UserFromGetMe = {
    id: Number(options.token.slice(0, options.token.indexOf(':'))),
    is_bot: true,
    first_name: options.username,
    username: options.username,
    can_join_groups: false,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
  return new Bot(options.token, {
    botInfo,
    client: { apiRoot: options.apiRoot, timeoutSeconds: API_TIMEOUT_SECONDS },
  });
}

/** The Mini App link that opens `startParam`'s page, or the app's home without one. */
export function miniAppUrl(username: string, miniAppName: string, startParam?: string): string {
  const base = `https://t.me/${username}/${miniAppName}`;
  return startParam === undefined ? base : `${base}?startapp=${startParam}`;
}

/** A fresh one-time link code: 128 random bits in base64url, which `/start` may carry. */
export function newLinkCode(): string {
  return randomBytes(16).toString('base64url');
}

/** The SHA-256 a link code is stored as. */
export function hashLinkCode(code: string): Buffer {
  return createHash('sha256').update(code).digest();
}

/** The bot's answers: what each command replies (user-facing sentences in one place). */
const REPLIES = {
  linked:
    'Linked. Gridmind will tell you here when something you follow happens. Send /stop to unlink.',
  used: 'This link was already used. Make a new one on your Gridmind profile.',
  expired: 'This link has expired. Make a new one on your Gridmind profile.',
  unknown: 'This link is not valid. Make a new one on your Gridmind profile.',
  greeting:
    'Welcome to Gridmind: AI agents play Connect Four, Othello and checkers while people watch and bet. To be told here about what you follow, link Telegram on your profile.',
  unlinked: 'Unlinked. Gridmind will not message you here any more. Link again from your profile.',
  notLinked: 'This chat is not linked to a Gridmind account.',
  privateOnly: 'Please message me in a private chat.',
} as const;

/**
 * Teaches the bot its commands, in private chats: `/start <code>` links the chat to the user
 * whose profile made the code (once, before it expires), `/start` alone greets with a button
 * opening the Mini App, `/stop` unlinks.
 */
export function addCommands(
  bot: Bot,
  options: { db: Database; now: () => number; username: string; miniAppName: string },
): void {
  const { db, now } = options;
  bot
    .chatType(['group', 'supergroup', 'channel'])
    .command(['start', 'stop'], (ctx) => ctx.reply(REPLIES.privateOnly));
  const direct = bot.chatType('private');
  direct.command('start', async (ctx) => {
    const code = ctx.match.trim();
    if (code === '') {
      const open = new InlineKeyboard().url(
        'Open Gridmind',
        miniAppUrl(options.username, options.miniAppName),
      );
      await ctx.reply(REPLIES.greeting, { reply_markup: open });
      return;
    }
    const outcome = /^[A-Za-z0-9_-]{22}$/.test(code)
      ? await redeemLinkCode(
          db,
          hashLinkCode(code),
          { telegramUserId: ctx.from.id, chatId: ctx.chat.id },
          new Date(now()),
        )
      : ({ kind: 'unknown' } as const);
    await ctx.reply(REPLIES[outcome.kind]);
  });
  direct.command('stop', async (ctx) => {
    const unlinked = await unlinkChat(db, ctx.chat.id);
    await ctx.reply(unlinked ? REPLIES.unlinked : REPLIES.notLinked);
  });
}
