import { createHash, randomBytes } from 'node:crypto';
import { BOT_TOKEN_PATTERN } from '#core/protocol/bots.ts';

/** A new bot token: `gmb_` and 32 random bytes in base64url. Shown once, stored as a hash. */
export function newBotToken(): string {
  return `gmb_${randomBytes(32).toString('base64url')}`;
}

/** What the database keeps of a token: its SHA-256, hex (a token has 256 bits: no salt needed). */
export function hashBotToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  const token = match?.[1];
  return token && BOT_TOKEN_PATTERN.test(token) ? token : null;
}
