import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import {
  endMatch,
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { settleMatch } from './settleMatch.ts';

const USERS = 20;
const BETS_PER_USER = 50;
// Fewer keys than bets: every user repeats some keys, and their stakes add up past 1,000.
const KEYS_PER_USER = 40;

describe.each(testDatabaseKinds())('1,000 concurrent bets on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it('leave the ledger exact, with duplicates placed once and overdrafts refused', async () => {
    const agents = await insertHouseAgents(t.db);
    const matchId = await insertMatch(t.db, agents);
    const users = await signInUsers(t.app, USERS);
    const sides = ['first', 'second', 'draw'] as const;
    const requests = users.flatMap((user, userIndex) =>
      Array.from({ length: BETS_PER_USER }, (_, betIndex) => {
        const keyIndex = betIndex % KEYS_PER_USER;
        return {
          user,
          key: `user${userIndex}-key${keyIndex}`,
          body: {
            matchId,
            side: sides[(userIndex + keyIndex) % 3],
            amount: 1 + ((userIndex * 7 + betIndex * 13) % 60),
            idempotencyKey: `user${userIndex}-key${keyIndex}`,
          },
        };
      }),
    );
    const startedMs = performance.now();
    const responses = await Promise.all(
      requests.map((request) => postBet(t.app, request.user.cookie, request.body)),
    );

    console.info(
      `${kind}: ${requests.length} concurrent bets in ${Math.round(performance.now() - startedMs)} ms`,
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => [200, 201, 400].includes(status))).toBe(true);
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThan(0);
    // Every successful answer for one key names the same bet.
    const betIdByKey = new Map<string, string>();
    responses.forEach((response, index) => {
      if (response.statusCode >= 300) return;
      const key = requests[index]?.key ?? '';
      const id = response.json().bet.id as string;
      expect(betIdByKey.get(key) ?? id).toBe(id);
      betIdByKey.set(key, id);
    });
    const { rows: placed } = await t.db.query<{ count: number }>(
      'select count(*)::int as count from bets where match_id = $1',
      [matchId],
    );
    expect(placed[0]?.count).toBe(betIdByKey.size);
    expect(statuses.filter((status) => status === 201).length).toBe(betIdByKey.size);

    for (const user of users) {
      const { rows } = await t.db.query<{ balance: string; staked: string }>(
        `select u.balance::text as balance, (select coalesce(sum(amount), 0) from bets
           where user_id = u.id)::text as staked from users u where u.id::text = $1`,
        [user.userId],
      );
      expect(BigInt(rows[0]?.balance ?? -1) + BigInt(rows[0]?.staked ?? 0)).toBe(1000n);
      expect(BigInt(rows[0]?.balance ?? -1) >= 0n).toBe(true);
    }
    const before = await ledgerHealth(t.db);
    expect(before).toMatchObject({ granted: USERS * 1000, agrees: true, mismatchedUsers: 0 });

    await endMatch(t.db, matchId, 'second');
    const settled = await t.db.transaction((tx) => settleMatch(tx, matchId, 5, new Date()));
    expect(settled?.bets).toBe(betIdByKey.size);
    const after = await ledgerHealth(t.db);
    expect(after).toMatchObject({ granted: USERS * 1000, openStakes: 0, agrees: true });
    expect(after.house).toBe(Number((settled?.commission ?? 0n) + (settled?.dust ?? 0n)));
  }, 180_000);
});
