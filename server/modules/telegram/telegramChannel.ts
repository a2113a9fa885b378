import { type Api, GrammyError, InlineKeyboard } from 'grammy';
import type { MessageEntity } from 'grammy/types';
import { encodeStartParam } from '#core/format/telegramStartParam.ts';
import type { Database } from '#server/db/database.ts';
import type { DeliveryChannel, OutgoingNotice, SendOutcome } from '#server/delivery/channel.ts';
import { createRateLimiter } from '#server/plugins/rateLimiter.ts';
import { miniAppUrl } from './telegramBot.ts';
import { findChatOf, unlinkChat } from './telegramStore.ts';

/** Telegram's limits for a bot's messages: about 30 a second in all, one a second per chat. */
const TELEGRAM_LIMITS = { overallPerSecond: 30, perChatPerSecond: 1 } as const;
/** The longest text a message may carry. */
const MESSAGE_MAX_LENGTH = 4096;
/** A retry after a network failure or Telegram's 5xx: the outbox backs off from there. */
const TRANSIENT_RETRY_MS = 5_000;

/** What the Telegram channel needs: the bot's API, where links point, a clock. */
export interface TelegramChannelOptions {
  db: Database;
  api: Api;
  /** The bot's username and the Mini App's short name, for the message's button. */
  username: string;
  miniAppName: string;
  now: () => number;
}

/**
 * The Telegram delivery channel: a notice becomes a message in the user's linked chat, its title
 * in bold, with a button opening its page in the Mini App. Telegram's limits hold for the
 * platform, counted in PostgreSQL with every process's messages (rateLimiter.ts): over them the
 * answer is `retry` with the wait, and nothing is sent. Telegram has no idempotency key, so a
 * process killed between Telegram's acceptance and the outbox's record may send a notice twice.
 */
export function createTelegramChannel(options: TelegramChannelOptions): DeliveryChannel {
  const { db, api, now } = options;
  const perChat = createRateLimiter({
    db,
    budget: 'telegram-chat',
    max: TELEGRAM_LIMITS.perChatPerSecond,
    windowMs: 1000,
    now,
  });
  const overall = createRateLimiter({
    db,
    budget: 'telegram-all',
    max: TELEGRAM_LIMITS.overallPerSecond,
    windowMs: 1000,
    now,
  });

  return {
    name: 'telegram',
    async send(notice) {
      const chat = await findChatOf(db, notice.userId);
      if (!chat) return { kind: 'no-recipient' };
      // The chat's own limit first: a refusal there spends nothing of the shared one.
      const chatTurn = await perChat.hit(String(chat.chatId));
      if (!chatTurn.allowed) {
        return retry(chatTurn.retryAfterSeconds, 'one message a second per Telegram chat');
      }
      const platformTurn = await overall.hit('all');
      if (!platformTurn.allowed) {
        return retry(platformTurn.retryAfterSeconds, 'about 30 Telegram messages a second in all');
      }
      const { text, entities } = messageText(notice);
      const startParam = encodeStartParam(notice.path) ?? undefined;
      const button = new InlineKeyboard().url(
        'Open in Gridmind',
        miniAppUrl(options.username, options.miniAppName, startParam),
      );
      try {
        await api.sendMessage(chat.chatId, text, {
          entities,
          reply_markup: button,
          link_preview_options: { is_disabled: true },
        });
        return { kind: 'sent' };
      } catch (error) {
        return await refusal(error, chat.chatId);
      }
    },
  };

  /** What Telegram's refusal of a message means for the outbox. */
  async function refusal(error: unknown, chatId: number): Promise<SendOutcome> {
    if (!(error instanceof GrammyError)) {
      return {
        kind: 'retry',
        afterMs: TRANSIENT_RETRY_MS,
        reason: `Telegram unreachable: ${String(error)}`,
      };
    }
    if (error.error_code === 429) {
      return retry(error.parameters.retry_after ?? 1, `Telegram: ${error.description}`);
    }
    if (error.error_code >= 500) {
      return {
        kind: 'retry',
        afterMs: TRANSIENT_RETRY_MS,
        reason: `Telegram: ${error.description}`,
      };
    }
    // Blocked, deactivated, or a chat Telegram no longer knows: this chat will never hear us.
    if (error.error_code === 403 || /chat not found/i.test(error.description)) {
      await unlinkChat(db, chatId);
    }
    return { kind: 'failed', reason: `Telegram: ${error.description}` };
  }
}

const retry = (seconds: number, reason: string): SendOutcome => ({
  kind: 'retry',
  afterMs: Math.max(1, seconds) * 1000,
  reason,
});

/** The notice as a message: its title in bold on the first line, the body below, cut to fit. */
function messageText(notice: OutgoingNotice): { text: string; entities: MessageEntity[] } {
  const title = notice.title.slice(0, 256);
  const text = `${title}\n${notice.body}`.slice(0, MESSAGE_MAX_LENGTH);
  // Offsets and lengths are in UTF-16 code units, as JavaScript strings count.
  return { text, entities: [{ type: 'bold', offset: 0, length: title.length }] };
}
