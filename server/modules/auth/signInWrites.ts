import { createBatcher } from '#server/db/batcher.ts';
import type { Queryable } from '#server/db/database.ts';
import { drawNickname, STARTING_BALANCE, upsertUserAtSignIn } from '#server/db/stores/userStore.ts';
import { consumeNonce, NONCE_TTL_MS, startSessionWithNonce } from './nonceStore.ts';
import { rotateSession, SESSION_ABSOLUTE_TTL_MS } from './sessionStore.ts';
import { generateNonce, generateSessionToken, hashSessionToken } from './tokens.ts';

/** The most sign-in steps one statement takes. */
const MAX_PER_STATEMENT = 250;

/**
 * How long a crowd's nonce requests are gathered into one statement when they come less than
 * this far apart (createBatcher's gatherMs): a burst's requests reach the server 1-2 ms apart,
 * one a turn of its event loop, and a statement each cost 0.4-0.8 ms of PGlite's one thread.
 * At 8 ms a burst of 500 takes 10-34 statements, at 2 ms 62-119 (docs/FIGURES.md's
 * thirteenth pass, in git). A visitor after a quiet spell waits for nothing.
 */
const NONCE_GATHER_MS = 8;

/** A verified wallet whose visitor session becomes a signed-in one. */
export interface SignInRequest {
  /** The visitor session's token hash, ended by the sign-in. */
  oldTokenHash: string;
  /** Lowercased. */
  address: string;
  isAdmin: boolean;
  chainId: number;
}

/**
 * Visitors' sessions, each with its first nonce, in one statement: what startSessionWithNonce
 * does for one visitor, for every visitor of a batch.
 */
async function startSessionsWithNonces(
  db: Queryable,
  count: number,
  nowMs: number,
): Promise<{ token: string; nonce: string }[]> {
  const started = Array.from({ length: count }, () => ({
    token: generateSessionToken(),
    nonce: generateNonce(),
  }));
  await db.query(
    `with session as (
       insert into sessions (token_hash, user_id, chain_id, created_at, last_seen_at, expires_at)
       select token_hash, null, null, $3, $3, $4 from unnest($1::text[]) as s (token_hash)
     )
     insert into auth_nonces (nonce, session_hash, issued_at, expires_at)
     select nonce, token_hash, $3, $5 from unnest($1::text[], $2::text[]) as n (token_hash, nonce)`,
    [
      started.map((one) => hashSessionToken(one.token)),
      started.map((one) => one.nonce),
      new Date(nowMs),
      new Date(nowMs + SESSION_ABSOLUTE_TTL_MS),
      new Date(nowMs + NONCE_TTL_MS),
    ],
  );
  return started;
}

/**
 * Spends each nonce of a batch, in one statement, where it belongs to its session, is unexpired
 * and unused (as consumeNonce): when it was issued, or null for a nonce not spent by this call.
 */
async function consumeNonces(
  db: Queryable,
  requests: readonly { nonce: string; sessionHash: string }[],
  nowMs: number,
): Promise<({ issuedAtMs: number } | null)[]> {
  const { rows } = await db.query<{ nonce: string; issued_at: Date }>(
    `update auth_nonces n set consumed_at = $3
       from unnest($1::text[], $2::text[]) as i (nonce, session_hash)
      where n.nonce = i.nonce and n.session_hash = i.session_hash
        and n.consumed_at is null and n.expires_at > $3
      returning n.nonce, n.issued_at`,
    [requests.map((r) => r.nonce), requests.map((r) => r.sessionHash), new Date(nowMs)],
  );
  const issued = new Map(rows.map((row) => [row.nonce, row.issued_at.getTime()]));
  return requests.map((request) => {
    const issuedAtMs = issued.get(request.nonce);
    return issuedAtMs === undefined ? null : { issuedAtMs };
  });
}

/**
 * Signs in a batch of verified wallets in one statement: each user upserted (created at first
 * sign-in with a fresh nickname and the starting balance, isAdmin re-applied) and each visitor
 * session replaced by a signed-in one under a new token (as upsertUserAtSignIn then
 * rotateSession). A new user whose drawn nickname is taken (or whose address another statement
 * has just inserted) is left out, null, and the batcher signs it in alone, where a collision is
 * drawn again: on a grown database nearly every batch of 250 draws a taken nickname, and failing
 * the whole statement for it signed the 250 in one by one.
 */
async function signInBatch(
  db: Queryable,
  requests: readonly SignInRequest[],
  nowMs: number,
  drawNickname: () => string,
): Promise<({ userId: string; token: string } | null)[]> {
  const tokens = requests.map(() => generateSessionToken());
  const { rows } = await db.query<{ id: string; address: string }>(
    `with input as (
       select * from unnest($1::text[], $2::text[], $3::bigint[], $4::boolean[], $5::text[],
                            $6::text[], $7::int[])
         as i (address, nickname, balance, is_admin, old_token_hash, token_hash, chain_id)
     ), known as (
       update users u set is_admin = i.is_admin or u.admin_granted
         from input i where u.address = i.address
       returning u.id, u.address
     ), created as (
       insert into users (address, nickname, balance, is_admin)
       select i.address, i.nickname, i.balance, i.is_admin from input i
        where not exists (select 1 from users u where u.address = i.address)
       on conflict do nothing
       returning id, address
     ), signer as (
       select id, address from known union all select id, address from created
     ), ended as (
       delete from sessions
        where token_hash in (select i.old_token_hash from input i join signer using (address))
     ), started as (
       insert into sessions (token_hash, user_id, chain_id, created_at, last_seen_at, expires_at)
       select i.token_hash, signer.id, i.chain_id, $8, $8, $9
         from input i join signer using (address)
     )
     select id::text as id, address from signer`,
    [
      requests.map((r) => r.address),
      requests.map(() => drawNickname()),
      requests.map(() => STARTING_BALANCE.toString()),
      requests.map((r) => r.isAdmin),
      requests.map((r) => r.oldTokenHash),
      tokens.map(hashSessionToken),
      requests.map((r) => r.chainId),
      new Date(nowMs),
      new Date(nowMs + SESSION_ABSOLUTE_TTL_MS),
    ],
  );
  const userIds = new Map(rows.map((row) => [row.address, row.id]));
  return requests.map((request, index) => {
    const userId = userIds.get(request.address);
    return userId === undefined ? null : { userId, token: tokens[index] ?? '' };
  });
}

/** The sign-in's writes, each batched with the same step of the sign-ins happening with it. */
export interface SignInWrites {
  startSessionWithNonce(): Promise<{ token: string; nonce: string }>;
  consumeNonce(nonce: string, sessionHash: string): Promise<{ issuedAtMs: number } | null>;
  signIn(request: SignInRequest): Promise<{ userId: string; token: string }>;
}

/**
 * A burst of sign-ins costs a few statements per step, not one per wallet (PGlite runs one at a
 * time): each step's batcher, with the one-wallet statement as its fallback.
 */
export function createSignInWrites(
  db: Queryable,
  now: () => number,
  onBatchError: (error: unknown) => void,
  options: {
    /** Where a batch's new users get their nicknames (a test draws a taken one on purpose). */
    drawNickname?: () => string;
  } = {},
): SignInWrites {
  const draw = options.drawNickname ?? drawNickname;
  let visitors = 0;
  const start = createBatcher<number, { token: string; nonce: string }>({
    runBatch: (batch) => startSessionsWithNonces(db, batch.length, now()),
    runOne: () => startSessionWithNonce(db, now()),
    gatherMs: NONCE_GATHER_MS,
    keyOf: String,
    maxBatch: MAX_PER_STATEMENT,
    onBatchError,
  });
  // Answers are wrapped so that a nonce the batch did not spend (a replay, a stranger's) is an
  // answer, not an item left out: asking again alone would only cost a statement.
  const consume = createBatcher<
    { nonce: string; sessionHash: string },
    { issued: { issuedAtMs: number } | null }
  >({
    runBatch: async (batch) =>
      (await consumeNonces(db, batch, now())).map((issued) => ({ issued })),
    runOne: async (one) => ({
      issued: await consumeNonce(db, one.nonce, one.sessionHash, now()),
    }),
    keyOf: (one) => one.nonce,
    maxBatch: MAX_PER_STATEMENT,
    onBatchError,
  });
  const signIn = createBatcher<SignInRequest, { userId: string; token: string }>({
    runBatch: (batch) => signInBatch(db, batch, now(), draw),
    runOne: async (one) => {
      const user = await upsertUserAtSignIn(db, one.address, one.isAdmin);
      const token = await rotateSession(db, one.oldTokenHash, now(), {
        userId: user.userId,
        chainId: one.chainId,
      });
      return { userId: user.userId, token };
    },
    // One wallet twice in a statement would upsert its row twice, which PostgreSQL refuses.
    keyOf: (one) => one.address,
    maxBatch: MAX_PER_STATEMENT,
    onBatchError,
  });
  return {
    startSessionWithNonce: () => start(visitors++),
    consumeNonce: async (nonce, sessionHash) => (await consume({ nonce, sessionHash })).issued,
    signIn,
  };
}
