import { queryOptions } from '@tanstack/react-query';
import { telegramLinkCodeSchema, telegramLinkStatusSchema } from '#core/protocol/telegram.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

/** Query key of the signed-in user's Telegram link. */
export const TELEGRAM_LINK_QUERY_KEY = ['telegram', 'link'] as const;

/**
 * Query options of `GET /api/telegram/link`: null for a visitor (401) and where the server has
 * no bot (404), so the profile shows no Telegram link there.
 */
export function telegramLinkQueryOptions(options: { waitingForBot?: boolean } = {}) {
  return queryOptions({
    queryKey: TELEGRAM_LINK_QUERY_KEY,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/telegram/link', telegramLinkStatusSchema, [401, 404]);
    },
    // While the user presses Start in Telegram, the link is made there: look for it.
    refetchInterval: options.waitingForBot ? 3_000 : false,
  });
}

/** `POST /api/telegram/link`: links the Telegram account the Mini App's `initData` vouches for. */
export function linkWithInitData(initData: string) {
  return requestJson('/api/telegram/link', telegramLinkStatusSchema, {
    method: 'POST',
    body: { initData },
  });
}

/** `POST /api/telegram/link-code`: a bot link with a one-time code, for linking from outside. */
export function makeTelegramLinkCode() {
  return requestJson('/api/telegram/link-code', telegramLinkCodeSchema, { method: 'POST' });
}

/** `DELETE /api/telegram/link`: Gridmind stops messaging the user in Telegram. */
export function unlinkTelegram() {
  return requestJson('/api/telegram/link', noContent, { method: 'DELETE' });
}
