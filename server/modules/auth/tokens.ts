import { createHash, randomBytes } from 'node:crypto';

/** A sign-in nonce: 128 bits from the CSPRNG as 32 hex digits (EIP-4361 wants alphanumerics). */
export function generateNonce(): string {
  return randomBytes(16).toString('hex');
}

/** A session cookie value: 256 bits, URL-safe. */
export function generateSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token, so a leaked table opens no sessions. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
