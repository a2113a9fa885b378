import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { STARTING_BALANCE } from '#server/db/stores/userStore.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
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

  // Migration 1000: a user's id leads the indexes of a user's bets and ledger rows, so new users'
  // ids sort beside each other, and a crowd that signs in together writes its entries to a few
  // leaves instead of one random leaf each, however many users came before.
  it('gives new users version 7 ids that sort beside each other, apart from earlier users', async () => {
    // Users from before, with random ids as every user had before the migration.
    await db.query(
      `insert into users (id, address, nickname, balance)
       select gen_random_uuid(), '0x' || lpad(to_hex(i), 40, '0'), 'EarlierUser' || i, 0
         from generate_series(1, 300) i`,
    );
    const writes = createSignInWrites(db, Date.now, () => undefined);
    const millisOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    const before = Date.now();
    const { signedIn: first } = await signInAll(
      writes,
      Array.from({ length: 20 }, (_, n) => `0x${(n + 1).toString(16).padStart(40, 'b')}`),
    );
    const { signedIn: second } = await signInAll(writes, [`0x${'c'.repeat(40)}`]);
    const after = Date.now();

    const ids = [...first, ...second].map((one) => one.userId);
    for (const id of ids) {
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
      // The database's clock and the test's may differ by a little.
      expect(millisOf(id)).toBeGreaterThan(before - 5000);
      expect(millisOf(id)).toBeLessThan(after + 5000);
    }
    expect(Math.min(...second.map((one) => millisOf(one.userId)))).toBeGreaterThanOrEqual(
      Math.max(...first.map((one) => millisOf(one.userId))),
    );
    // In the primary key's order, no earlier user lies among the new ones.
    const { rows } = await db.query<{ id: string }>(`select id::text as id from users order by id`);
    const places = ids.map((id) => rows.findIndex((row) => row.id === id)).sort((a, b) => a - b);
    expect(places[0]).toBeGreaterThanOrEqual(0);
    expect((places.at(-1) ?? 0) - (places[0] ?? 0)).toBe(ids.length - 1);
  });
});
