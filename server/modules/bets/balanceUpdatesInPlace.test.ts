import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

// Enough new users to fill more than one page of users (about 30 rows a page).
const USERS = 70;

/** The heap page each user's row is on, by user id. */
async function pagesOf(t: TestApp, userIds: readonly string[]): Promise<Map<string, string>> {
  const { rows } = await t.db.query<{ id: string; page: string }>(
    `select id::text as id, split_part(trim(both '()' from ctid::text), ',', 1) as page
       from users where id = any($1::uuid[])`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.id, row.page]));
}

// Migration 0980: new users' pages keep room for the next version of a row. Before it, sign-in
// packed them full, and a first bet's debit moved the row to another page and wrote an entry into
// every index of users (eight of them, two of trigrams), the most a bet wrote in a rush.
describe.each(testDatabaseKinds())('a bet debits a new user on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '1000' });
  });
  afterAll(() => t.close());

  it('in place: every row stays on its page (a heap-only update, no index written)', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const users = await signInUsers(t.app, USERS);
    const ids = users.map((user) => user.userId);
    const before = await pagesOf(t, ids);
    expect(new Set(before.values()).size).toBeGreaterThan(1);

    const answers = await Promise.all(
      users.map((user, index) =>
        postBet(t.app, user.cookie, {
          matchId,
          side: 'first',
          amount: 10,
          idempotencyKey: `in-place-${index}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(users.map(() => 201));
    expect(await pagesOf(t, ids)).toEqual(before);
    const { rows: balances } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id = any($1::uuid[])',
      [ids],
    );
    expect(balances.map((row) => row.balance)).toEqual(users.map(() => '990'));
  }, 60_000);
});
