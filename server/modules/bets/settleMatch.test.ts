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
import { settleMatch, settleUnsettledMatches } from './settleMatch.ts';

describe.each(testDatabaseKinds())('settlement on %s', (kind) => {
  let t: TestApp;
  let agents: [string, string];
  beforeAll(async () => {
    t = await createTestApp(kind);
    agents = await insertHouseAgents(t.db);
  });
  afterAll(() => t.close());

  const balanceOf = async (userId: string) => {
    const { rows } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id::text = $1',
      [userId],
    );
    return Number(rows[0]?.balance);
  };

  /** A match where user A backs first with 300 and user B second with 700. */
  async function matchWithBets(players: readonly [string, string] = agents) {
    const matchId = await insertMatch(t.db, players);
    const [a, b] = await signInUsers(t.app, 2);
    if (!a || !b) throw new Error('no users');
    const stake = (cookie: string, side: string, amount: number) =>
      postBet(t.app, cookie, { matchId, side, amount, idempotencyKey: `k-${side}-${matchId}` });
    expect((await stake(a.cookie, 'first', 300)).statusCode).toBe(201);
    expect((await stake(b.cookie, 'second', 700)).statusCode).toBe(201);
    return { matchId, a, b };
  }

  it('pays winners, the house commission and dust, exactly once when run twice', async () => {
    const { matchId, a, b } = await matchWithBets();
    await endMatch(t.db, matchId, 'first');
    const settle = () => t.db.transaction((tx) => settleMatch(tx, matchId, 5, new Date()));
    expect(await settle()).toMatchObject({
      outcome: 'paid',
      pool: 1000n,
      commission: 50n,
      dust: 0n,
    });
    expect(await settle()).toBeNull();
    expect(await balanceOf(a.userId)).toBe(700 + 950);
    expect(await balanceOf(b.userId)).toBe(300);
    expect(await ledgerHealth(t.db)).toMatchObject({ openStakes: 0, agrees: true });
  });

  it('settles once after a crash inside the settling transaction', async () => {
    const { matchId, a } = await matchWithBets();
    await endMatch(t.db, matchId, 'first');
    const crash = t.db.transaction(async (tx) => {
      await settleMatch(tx, matchId, 5, new Date());
      throw new Error('process killed');
    });
    await expect(crash).rejects.toThrow('process killed');
    expect(await balanceOf(a.userId)).toBe(700);
    // The restart's safety net settles it; running it again finds nothing left.
    expect(await settleUnsettledMatches(t.db, 5, new Date())).toBeGreaterThanOrEqual(1);
    expect(await settleUnsettledMatches(t.db, 5, new Date())).toBe(0);
    expect(await balanceOf(a.userId)).toBe(700 + 950);
    const { rows } = await t.db.query<{ count: number }>(
      `select count(*)::int as count from ledger_entries where match_id = $1 and kind = 'payout'`,
      [matchId],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('refunds every stake of a cancelled match and of a result nobody backed', async () => {
    for (const result of [null, 'draw'] as const) {
      const { matchId, a, b } = await matchWithBets();
      await endMatch(t.db, matchId, result);
      const settled = await t.db.transaction((tx) => settleMatch(tx, matchId, 5, new Date()));
      expect(settled?.outcome).toBe('refunded');
      expect([await balanceOf(a.userId), await balanceOf(b.userId)]).toEqual([1000, 1000]);
    }
    expect((await ledgerHealth(t.db)).agrees).toBe(true);
  });

  it('pays the commission of a custom agent to its owner', async () => {
    const [owner] = await signInUsers(t.app, 1);
    if (!owner) throw new Error('no owner');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/agents',
      headers: { cookie: owner.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: `Owned ${Date.now() % 100000}`,
        traits: { skill: 3, style: 'balanced', risk: 0.5, thinkTimeMs: 200 },
      }),
    });
    expect(created.statusCode).toBe(201);
    const { matchId } = await matchWithBets([created.json().id, agents[1]]);
    await endMatch(t.db, matchId, 'second');
    const houseBefore = (await ledgerHealth(t.db)).house;
    await t.db.transaction((tx) => settleMatch(tx, matchId, 5, new Date()));
    // 5% of 1,000 = 50, split 25 / 25: the owner's agent played first, the house's second.
    expect(await balanceOf(owner.userId)).toBe(1025);
    const health = await ledgerHealth(t.db);
    expect(health.house - houseBefore).toBe(25);
    expect(health.agrees).toBe(true);
  });

  it('ignores matches that have not ended', async () => {
    const { matchId } = await matchWithBets();
    expect(await t.db.transaction((tx) => settleMatch(tx, matchId, 5, new Date()))).toBeNull();
  });
});
