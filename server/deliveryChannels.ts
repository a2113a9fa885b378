import type { AppConfig } from './config.ts';
import type { Database } from './db/database.ts';
import type { DeliveryChannel } from './delivery/channel.ts';
import { createPushChannel } from './modules/push/pushChannel.ts';
import { vapidSubject } from './modules/push/vapidSubject.ts';
import { createBot } from './modules/telegram/telegramBot.ts';
import { createTelegramChannel } from './modules/telegram/telegramChannel.ts';

/** The bot's settings and grammY instance, when a token is configured. */
export interface TelegramSetup {
  settings: { token: string; webhookSecret: string; username: string; miniAppName: string };
  bot: ReturnType<typeof createBot>;
}

/**
 * The channels beyond the app that the notifications outbox hands notices to (issue 48), built
 * in whichever process runs the outbox: Web Push always (its VAPID keys are made on first use),
 * Telegram only with a bot token (whose webhook routes app.ts registers from `telegram`).
 * Composed here, beside app.ts, so no module imports another.
 */
export function composeDeliveryChannels(
  config: AppConfig,
  db: Database,
  now: () => number,
): { channels: DeliveryChannel[]; telegram: TelegramSetup | null } {
  const channels: DeliveryChannel[] = [
    createPushChannel({
      db,
      subject: vapidSubject(config),
      now,
      serviceHosts: config.PUSH_SERVICE_HOSTS,
    }),
  ];
  const { TELEGRAM_BOT_TOKEN: token, TELEGRAM_WEBHOOK_SECRET: webhookSecret } = config;
  const username = config.TELEGRAM_BOT_USERNAME;
  if (!token || !webhookSecret || !username) return { channels, telegram: null };
  const settings = { token, webhookSecret, username, miniAppName: config.TELEGRAM_MINI_APP_NAME };
  const bot = createBot({ ...settings, apiRoot: config.TELEGRAM_API_ROOT });
  channels.push(createTelegramChannel({ ...settings, db, api: bot.api, now }));
  return { channels, telegram: { settings, bot } };
}
