import { queryOptions } from '@tanstack/react-query';
import { botTokenSchema, type CreateBotBody, ownedBotListSchema } from '#core/protocol/bots.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

/** Query key of the signed-in user's bots. */
export const MY_BOTS_QUERY_KEY = ['bots', 'mine'] as const;

/** Query options of `GET /api/bots/mine`; null for a visitor. */
export function myBotsQueryOptions() {
  return queryOptions({
    queryKey: MY_BOTS_QUERY_KEY,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/bots/mine', ownedBotListSchema, [401]);
    },
    // Online and offline follow the bot's program, which runs elsewhere.
    refetchInterval: 15_000,
  });
}

const botPath = (id: string) => `/api/bots/${encodeURIComponent(id)}`;

/** `POST /api/bots`: registers a bot and answers its token, the one time it is shown. */
export function registerBot(body: CreateBotBody) {
  return requestJson('/api/bots', botTokenSchema, { method: 'POST', body });
}

/** `POST /api/bots/:id/token`: a new token; the old one stops working at once. */
export function regenerateBotToken(id: string) {
  return requestJson(`${botPath(id)}/token`, botTokenSchema, { method: 'POST' });
}

/** `DELETE /api/bots/:id/token`: the bot has no token until a new one is made. */
export function revokeBotToken(id: string) {
  return requestJson(`${botPath(id)}/token`, noContent, { method: 'DELETE' });
}

/** `DELETE /api/bots/:id`: retires the bot for good. */
export function retireBot(id: string) {
  return requestJson(botPath(id), noContent, { method: 'DELETE' });
}
