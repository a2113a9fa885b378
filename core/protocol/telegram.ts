import * as z from 'zod/mini';

/** Body of `GET /api/telegram/link`: whether the signed-in user's Telegram is linked. */
export const telegramLinkStatusSchema = z.object({ linked: z.boolean() });

/** Body of `POST /api/telegram/link`: the Mini App's `initData`, as Telegram gave it. */
export const telegramMiniAppLinkBodySchema = z.object({
  initData: z
    .string()
    .check(z.minLength(1, 'initData is required.'), z.maxLength(4096, 'initData is too long.')),
});

/** Body of `POST /api/telegram/link-code`: the bot link that carries a one-time code. */
export const telegramLinkCodeSchema = z.object({
  /** `https://t.me/<bot>?start=<code>`: opening it and pressing Start links the chat. */
  url: z.url(),
  /** When the code stops working, as an ISO instant. */
  expiresAt: z.iso.datetime(),
});
