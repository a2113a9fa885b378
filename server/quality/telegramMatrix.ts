/**
 * The authorisation matrix's rows for the Telegram routes (authorization.test.ts runs them with
 * the matrix's; the quality fixture configures a bot so that they exist).
 */
import { createHmac } from 'node:crypto';
import { get, json, PUBLIC, type Row } from './authorizationMatrix.ts';
import { QUALITY_TELEGRAM } from './qualityFixture.ts';

const SIGNED_IN: readonly [number, number, number, number] = [401, 200, 200, 200];

let telegramUserId = 7_000;

/** Mini App `initData` for a fresh Telegram user, signed by Telegram's rule at `nowMs`. */
function signedInitData(nowMs: number): string {
  const fields = new URLSearchParams({
    user: JSON.stringify({ id: ++telegramUserId, first_name: 'Matrix' }),
    auth_date: String(Math.floor(nowMs / 1000)),
  });
  const dataCheckString = [...fields]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData')
    .update(QUALITY_TELEGRAM.TELEGRAM_BOT_TOKEN)
    .digest();
  fields.set('hash', createHmac('sha256', secret).update(dataCheckString).digest('hex'));
  return fields.toString();
}

/** One row per Telegram route, as MATRIX has them. */
export const TELEGRAM_MATRIX: Record<string, Row> = {
  // Telegram's call carries no session: the secret is its whole authorisation.
  'POST /api/telegram/webhook': {
    expected: PUBLIC,
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-telegram-bot-api-secret-token': QUALITY_TELEGRAM.TELEGRAM_WEBHOOK_SECRET,
      },
      payload: JSON.stringify({ update_id: ++telegramUserId }),
    }),
  },
  'GET /api/telegram/link': { expected: SIGNED_IN, request: get('/api/telegram/link') },
  'POST /api/telegram/link': {
    expected: SIGNED_IN,
    request: (c) =>
      json('POST', '/api/telegram/link', c.cookie, { initData: signedInitData(c.f.clock.now()) }),
  },
  'POST /api/telegram/link-code': {
    expected: SIGNED_IN,
    request: ({ cookie }) => ({
      method: 'POST',
      url: '/api/telegram/link-code',
      headers: { cookie },
    }),
  },
  'DELETE /api/telegram/link': {
    expected: [401, 204, 204, 204],
    request: ({ cookie }) => ({ method: 'DELETE', url: '/api/telegram/link', headers: { cookie } }),
  },
};
