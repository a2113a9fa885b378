import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** The Telegram account a verified `initData` speaks for. */
export interface MiniAppUser {
  telegramUserId: number;
}

const initDataUserSchema = z.object({ id: z.number().int().positive() });

/** How far a client's clock may run ahead of ours before its `auth_date` is refused. */
const FUTURE_SKEW_MS = 60_000;

/**
 * Verifies a Mini App's `initData` by Telegram's rule: secret = HMAC-SHA256 keyed "WebAppData"
 * over the bot token; hash = HMAC-SHA256(secret, the data-check string: every field but `hash`,
 * sorted, `key=value` lines), compared in constant time; and `auth_date` no older than `maxAgeMs`.
 * Fails closed: any doubt answers null, and every failure looks the same to the caller.
 */
export function verifyInitData(
  initData: string,
  botToken: string,
  nowMs: number,
  maxAgeMs: number,
): MiniAppUser | null {
  const fields = new URLSearchParams(initData);
  const hash = fields.get('hash');
  if (!hash || !/^[0-9a-f]{64}$/.test(hash) || fields.getAll('hash').length !== 1) return null;
  const dataCheckString = [...fields]
    .filter(([key]) => key !== 'hash')
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(botToken).digest();
  const expected = createHmac('sha256', secret).update(dataCheckString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) return null;

  const authDateSeconds = Number(fields.get('auth_date'));
  if (!Number.isInteger(authDateSeconds) || authDateSeconds <= 0) return null;
  const ageMs = nowMs - authDateSeconds * 1000;
  if (ageMs > maxAgeMs || ageMs < -FUTURE_SKEW_MS) return null;

  let user: z.infer<typeof initDataUserSchema>;
  try {
    user = initDataUserSchema.parse(JSON.parse(fields.get('user') ?? ''));
  } catch {
    return null;
  }
  return { telegramUserId: user.id };
}
