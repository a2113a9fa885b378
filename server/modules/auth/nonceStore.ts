import type { Queryable } from '#server/db/database.ts';
import { SESSION_ABSOLUTE_TTL_MS } from './sessionStore.ts';
import { generateNonce, generateSessionToken, hashSessionToken } from './tokens.ts';

/** A nonce is good for this long after it is issued. */
export const NONCE_TTL_MS = 10 * 60 * 1000;

/** Issues a fresh nonce bound to one session and returns it. */
export async function issueNonce(
  db: Queryable,
  sessionHash: string,
  nowMs: number,
): Promise<string> {
  const nonce = generateNonce();
  await db.query(
    `insert into auth_nonces (nonce, session_hash, issued_at, expires_at) values ($1, $2, $3, $4)`,
    [nonce, sessionHash, new Date(nowMs), new Date(nowMs + NONCE_TTL_MS)],
  );
  return nonce;
}

/**
 * Starts a visitor's session and issues its first nonce in one statement (one round trip, where
 * a session then a nonce cost two); returns the session's cookie token and the nonce.
 */
export async function startSessionWithNonce(
  db: Queryable,
  nowMs: number,
): Promise<{ token: string; nonce: string }> {
  const token = generateSessionToken();
  const nonce = generateNonce();
  await db.query(
    `with session as (
       insert into sessions (token_hash, user_id, chain_id, created_at, last_seen_at, expires_at)
       values ($1, null, null, $2, $2, $3)
       returning token_hash
     )
     insert into auth_nonces (nonce, session_hash, issued_at, expires_at)
     select $4, token_hash, $2, $5 from session`,
    [
      hashSessionToken(token),
      new Date(nowMs),
      new Date(nowMs + SESSION_ABSOLUTE_TTL_MS),
      nonce,
      new Date(nowMs + NONCE_TTL_MS),
    ],
  );
  return { token, nonce };
}

/**
 * Marks the nonce used, in one statement, if it belongs to this session, is unexpired and unused.
 * Of two simultaneous calls at most one gets a row back. Resolves to when it was issued, or null.
 */
export async function consumeNonce(
  db: Queryable,
  nonce: string,
  sessionHash: string,
  nowMs: number,
): Promise<{ issuedAtMs: number } | null> {
  const now = new Date(nowMs);
  const { rows } = await db.query<{ issued_at: Date }>(
    `update auth_nonces set consumed_at = $3
      where nonce = $1 and session_hash = $2 and consumed_at is null and expires_at > $3
      returning issued_at`,
    [nonce, sessionHash, now],
  );
  const row = rows[0];
  return row ? { issuedAtMs: row.issued_at.getTime() } : null;
}

/** Drops nonces past their expiry, used or not. */
export async function deleteExpiredNonces(db: Queryable, nowMs: number): Promise<void> {
  await db.query('delete from auth_nonces where expires_at <= $1', [new Date(nowMs)]);
}
