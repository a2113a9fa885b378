import type { Queryable } from '#server/db/database.ts';
import { generateSessionToken, hashSessionToken } from './tokens.ts';

/** A session ends this long after it began, however active it is. */
export const SESSION_ABSOLUTE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A session ends after this long without a request. */
export const SESSION_IDLE_TTL_MS = 24 * 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often, so reads don't all become writes. */
const TOUCH_INTERVAL_MS = 60 * 1000;

/** A live session; userId is null for a visitor who has not signed in yet. */
export interface SessionRecord {
  tokenHash: string;
  userId: string | null;
  chainId: number | null;
  address: string | null;
  isAdmin: boolean;
}

interface SessionRow {
  token_hash: string;
  user_id: string | null;
  chain_id: number | null;
  address: string | null;
  is_admin: boolean | null;
  last_seen_at: Date;
}

/**
 * Replaces a visitor's session with a signed-in one under a new token (so a cookie planted
 * before sign-in is useless), in one statement: the old row and its nonces go and the new row
 * comes, or neither. Returns the new cookie token.
 */
export async function rotateSession(
  db: Queryable,
  oldTokenHash: string,
  nowMs: number,
  signedIn: { userId: string; chainId: number },
): Promise<string> {
  const token = generateSessionToken();
  await db.query(
    `with ended as (delete from sessions where token_hash = $1)
     insert into sessions (token_hash, user_id, chain_id, created_at, last_seen_at, expires_at)
     values ($2, $3, $4, $5, $5, $6)`,
    [
      oldTokenHash,
      hashSessionToken(token),
      signedIn.userId,
      signedIn.chainId,
      new Date(nowMs),
      new Date(nowMs + SESSION_ABSOLUTE_TTL_MS),
    ],
  );
  return token;
}

/**
 * The live sessions for many cookie tokens in one statement (the requests that arrived together),
 * in the tokens' order: null where unknown, expired or idle too long. Sessions last touched over
 * TOUCH_INTERVAL_MS ago are touched in one more statement.
 */
export async function findSessions(
  db: Queryable,
  tokens: readonly string[],
  nowMs: number,
): Promise<(SessionRecord | null)[]> {
  const now = new Date(nowMs);
  const hashes = tokens.map(hashSessionToken);
  const { rows } = await db.query<SessionRow>(
    `select s.token_hash, s.user_id::text as user_id, s.chain_id, s.last_seen_at,
            u.address, u.is_admin
       from sessions s left join users u on u.id = s.user_id
      where s.token_hash = any($1::text[]) and s.expires_at > $2 and s.last_seen_at > $3`,
    [hashes, now, new Date(nowMs - SESSION_IDLE_TTL_MS)],
  );
  const stale = rows.filter((row) => nowMs - row.last_seen_at.getTime() >= TOUCH_INTERVAL_MS);
  if (stale.length > 0) {
    await db.query('update sessions set last_seen_at = $2 where token_hash = any($1::text[])', [
      stale.map((row) => row.token_hash),
      now,
    ]);
  }
  const byHash = new Map(rows.map((row) => [row.token_hash, row]));
  return hashes.map((hash) => {
    const row = byHash.get(hash);
    return row
      ? {
          tokenHash: row.token_hash,
          userId: row.user_id,
          chainId: row.chain_id,
          address: row.address,
          isAdmin: row.is_admin ?? false,
        }
      : null;
  });
}

/** Ends a session (its nonces go with it). */
export async function deleteSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('delete from sessions where token_hash = $1', [tokenHash]);
}

/** Drops sessions past their absolute or idle end; called now and then, not per request. */
export async function deleteExpiredSessions(db: Queryable, nowMs: number): Promise<void> {
  await db.query('delete from sessions where expires_at <= $1 or last_seen_at <= $2', [
    new Date(nowMs),
    new Date(nowMs - SESSION_IDLE_TTL_MS),
  ]);
}
