import { z } from 'zod';
import { KNOWN_PUSH_SERVICE_HOSTS } from '#server/modules/push/pushServiceHosts.ts';
import { integer, optionalText } from './envFields.ts';

/**
 * The environment of the platform's reach (issue 48): Web Push, the notifications outbox and the
 * Telegram bot. Merged into server/config.ts's schema, so docs/CONFIGURATION.md lists them too.
 */
export const reachEnv = {
  PUSH_SUBJECT: optionalText
    .pipe(
      z
        .string()
        .regex(/^(https:\/\/|mailto:)\S+$/, 'must be an https: URL or a mailto: address')
        .optional(),
    )
    .describe(
      "the contact Web Push services see in every push's VAPID signature (an https: URL or a mailto: address); unset, APP_ORIGIN when it is https, else `mailto:push@` its host",
    ),
  // The only hosts the server sends Web Push to: an endpoint comes from the browser, so anywhere
  // else would let a user aim the server's requests at internal hosts (SSRF).
  PUSH_SERVICE_HOSTS: z
    .string()
    .default(KNOWN_PUSH_SERVICE_HOSTS.join(','))
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim().toLowerCase())
        .filter((entry) => entry !== ''),
    )
    .pipe(
      z
        .array(
          z
            .string()
            .regex(
              /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/,
              'each entry must be a host, a host:port or *.domain',
            ),
        )
        .min(1, 'must name at least one push service'),
    )
    .describe(
      "push services' hosts (comma-separated; `host`, `host:port`, or `*.domain` for any host below it) a device's Web Push endpoint must be on, https only, checked when a browser subscribes and again before each push; the default is the browsers' own: FCM, Mozilla, Apple, Windows",
    ),
  // The notifications outbox (server/modules/notifications): how long a claimed delivery is one
  // process's to send before another may; tests shorten it to watch a takeover.
  NOTIFICATION_LEASE_MS: integer(30_000, 1_000, 600_000).describe(
    'how long a process that claimed a Web Push or Telegram delivery has to send it before another process may send it again (the window in which a killed process delays a notice)',
  ),
  // The Telegram bot (server/modules/telegram): without a token there is no bot and no route.
  TELEGRAM_BOT_TOKEN: optionalText
    .pipe(
      z
        .string()
        .regex(
          /^\d+:[A-Za-z0-9_-]+$/,
          'must be a token from @BotFather (digits, a colon, then the key)',
        )
        .optional(),
    )
    .describe(
      "the Telegram bot's token from @BotFather; unset, there is no bot, no `/api/telegram/*` route and no Telegram link on the profile",
    ),
  TELEGRAM_WEBHOOK_SECRET: optionalText
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{16,256}$/, 'must be 16 to 256 letters, digits, _ or -')
        .optional(),
    )
    .describe(
      "the `secret_token` given to Telegram's `setWebhook`, checked on every webhook call; required with `TELEGRAM_BOT_TOKEN`",
    ),
  TELEGRAM_BOT_USERNAME: optionalText
    .pipe(
      z
        .string()
        .regex(/^[A-Za-z0-9_]{5,32}$/, "must be the bot's username without @")
        .optional(),
    )
    .describe(
      "the bot's username without `@`, for `t.me` links; required with `TELEGRAM_BOT_TOKEN`",
    ),
  TELEGRAM_MINI_APP_NAME: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{3,30}$/, "must be the Mini App's short name from @BotFather")
    .default('app')
    .describe(
      "the Mini App's short name (`https://t.me/<bot>/<name>`), which the buttons of the bot's messages open",
    ),
  TELEGRAM_API_ROOT: z
    .url({ protocol: /^https?$/ })
    .default('https://api.telegram.org')
    .transform((value) => value.replace(/\/$/, ''))
    .describe("Telegram's Bot API root; tests point it at a local stand-in"),
};

/** What is missing for a Telegram bot: its token needs the webhook's secret and its username. */
export function telegramProblems(env: {
  TELEGRAM_BOT_TOKEN?: string | undefined;
  TELEGRAM_WEBHOOK_SECRET?: string | undefined;
  TELEGRAM_BOT_USERNAME?: string | undefined;
}): string[] {
  if (env.TELEGRAM_BOT_TOKEN === undefined) return [];
  return (['TELEGRAM_WEBHOOK_SECRET', 'TELEGRAM_BOT_USERNAME'] as const)
    .filter((name) => env[name] === undefined)
    .map((name) => `${name}: required with TELEGRAM_BOT_TOKEN`);
}
