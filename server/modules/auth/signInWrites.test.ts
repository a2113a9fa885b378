import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { STARTING_BALANCE } from '../../db/stores/userStore.ts';
import { openTestDatabase, testDatabaseKinds } from '../../testing/testDatabase.ts';
import { createSignInWrites, type SignInWrites } from './signInWrites.ts';
import { hashSessionToken } from './tokens.ts';

const TAKEN = 'TakenOtter1234';

/** Starts a visitor session for each address, then signs them all in at once. */
async function signInAll(writes: SignInWrites, addresses: readonly string[]) {
  const visitors = await Promise.all(addresses.map(() => writes.startSessionWithNonce()));
  const signedIn = await Promise.all(
    visitors.map((visitor, index) =>
      writes.signIn({
        oldTokenHash: hashSessionToken(visitor.token),
        address: addresses[index] ?? '',
        isAdmin: false,
        chainId: 1,
      }),
    ),
  );
  return { visitors, signedIn };
}

describe.each(testDatabaseKinds())('batched sign-in writes on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await db.query(
      `insert into users (address, nickname, balance, is_admin) values ($1, $2, 0, false)`,
      [`0x${'e'.repeat(40)}`, TAKEN],
    );
  });
  afterAll(() => db?.close());

  // On a grown database (100,000 users among 12 million nicknames) a batch of 250 new users
  // draws a taken nickname nearly every time (1 − e^−2 ≈ 87%); that used to fail the whole
  // statement and sign the 250 in one by one, two statements each.
  it('signs a batch in with one statement when a drawn nickname is taken', async () => {
    const failures: unknown[] = [];
    let draws = 0;
    const writes = createSignInWrites(db, Date.now, (error) => failures.push(error), {
      drawNickname: () => (draws++ === 0 ? TAKEN : `FreshLynx${1000 + draws}`),
    });
    const addresses = [1, 2, 3].map((n) => `0x${String(n).repeat(40)}`);
    const { visitors, signedIn } = await signInAll(writes, addresses);
    expect(failures).toEqual([]);

    const { rows: users } = await db.query<{ id: string; nickname: string }>(
      `select id::text as id, nickname from users where address = any($1::text[]) order by address`,
      [addresses],
    );
    expect(users.map((user) => user.id)).toEqual(signedIn.map((one) => one.userId));
    // The one whose nickname was taken got another, drawn again on its own.
    expect(users.map((user) => user.nickname)).not.toContain(TAKEN);
    // Every visitor session was replaced by a signed-in one.
    const { rows: sessions } = await db.query<{ token_hash: string; user_id: string | null }>(
      `select token_hash, user_id::text as user_id from sessions where token_hash = any($1::text[])`,
      [[...visitors, ...signedIn].map((one) => hashSessionToken(one.token))],
    );
    expect(sessions.map((session) => session.user_id).sort()).toEqual(
      signedIn.map((one) => one.userId).sort(),
    );
  });

  // The grant is written by a statement trigger (migration 0970): once for each user the batch
  // created, none for a user signing in again, none for a user created with nothing.
  it('writes one welcome grant for each user a batch creates, and none when one signs in again', async () => {
    const writes = createSignInWrites(db, Date.now, () => undefined);
    const addresses = [4, 5, 6].map((n) => `0x${String(n).repeat(40)}`);
    const { signedIn: first } = await signInAll(writes, addresses);
    await signInAll(writes, addresses);

    const { rows } = await db.query<{ user_id: string; amount: string; kind: string }>(
      `select l.user_id::text as user_id, l.amount::text as amount, l.kind
         from ledger_entries l join users u on u.id = l.user_id
        where u.address = any($1::text[]) order by l.user_id`,
      [[...addresses, `0x${'e'.repeat(40)}`]],
    );
    expect(rows).toEqual(
      first
        .map((one) => ({
          user_id: one.userId,
          amount: STARTING_BALANCE.toString(),
          kind: 'welcome',
        }))
        .sort((a, b) => a.user_id.localeCompare(b.user_id)),
    );
  });
});
