import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { follow, storedNotifications, testWorker } from '#server/testing/notificationTestKit.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

const ROUTES = [
  ['GET', '/api/admin/ledger'],
  ['GET', '/api/admin/agents'],
  ['POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/role'],
  ['POST', '/api/admin/users/00000000-0000-0000-0000-000000000000/balance'],
  ['POST', '/api/admin/agents/house-a/visibility'],
  ['POST', '/api/admin/matches'],
  ['POST', '/api/admin/matches/any/cancel'],
] as const;

describe.each(testDatabaseKinds())('admin economy on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  let adminId: string;
  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, { ADMIN_ADDRESSES: admin.address, BETTING_WINDOW_MS: '30000' });
    await insertHouseAgents(t.db);
    adminCookie = await signIn(t.app, admin);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: adminCookie },
    });
    adminId = me.json().userId;
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, body: unknown = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('answers every route 401 to visitors and 403 to users', async () => {
    const [user] = await signInUsers(t.app, 1);
    for (const [method, url] of ROUTES) {
      for (const [cookie, status] of [
        ['', 401],
        [user?.cookie ?? '', 403],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { cookie, 'content-type': 'application/json' },
          ...(method === 'POST' ? { payload: '{}' } : {}),
        });
        expect([method, url, response.statusCode]).toEqual([method, url, status]);
      }
    }
  });

  const readLedger = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/ledger',
        headers: { cookie: adminCookie },
      })
    ).json();

  it('grants and deducts with a reason as ledger rows, never below zero', async () => {
    const [user] = await signInUsers(t.app, 1);
    const before = await readLedger();
    const url = `/api/admin/users/${user?.userId}/balance`;
    expect(
      (await post(url, adminCookie, { amount: 250, reason: 'Tournament prize' })).json().balance,
    ).toBe(1250);
    expect(
      (await post(url, adminCookie, { amount: -50, reason: 'Correction' })).json().balance,
    ).toBe(1200);
    const overdraft = await post(url, adminCookie, { amount: -5000, reason: 'Too much' });
    expect(overdraft.statusCode).toBe(400);
    expect(overdraft.json().error).toBe('The deduction is larger than the balance.');
    expect((await post(url, adminCookie, { amount: 0, reason: 'Nothing' })).statusCode).toBe(400);
    expect((await post(url, adminCookie, { amount: 5, reason: '' })).statusCode).toBe(400);
    const unknown = '/api/admin/users/00000000-0000-0000-0000-000000000000/balance';
    expect((await post(unknown, adminCookie, { amount: 5, reason: 'Gift' })).statusCode).toBe(404);
    const { rows } = await t.db.query<{ kind: string; reason: string; actor_id: string }>(
      `select kind, reason, actor_id::text as actor_id from ledger_entries
       where user_id::text = $1 and kind like 'admin%' order by id`,
      [user?.userId],
    );
    expect(rows).toEqual([
      { kind: 'admin_grant', reason: 'Tournament prize', actor_id: adminId },
      { kind: 'admin_deduct', reason: 'Correction', actor_id: adminId },
    ]);
    // the 200 granted net is counted once as granted and once in balances, nowhere else
    expect(await readLedger()).toEqual({
      ...before,
      granted: before.granted + 200,
      balances: before.balances + 200,
      agrees: true,
      mismatchedUsers: 0,
    });
  });

  it('makes and removes admins, but not oneself', async () => {
    const [user] = await signInUsers(t.app, 1);
    const url = `/api/admin/users/${user?.userId}/role`;
    expect((await post(url, adminCookie, { isAdmin: true })).json().isAdmin).toBe(true);
    const asNewAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ledger',
      headers: { cookie: user?.cookie ?? '' },
    });
    expect(asNewAdmin.statusCode).toBe(200);
    expect((await post(url, adminCookie, { isAdmin: false })).json().isAdmin).toBe(false);
    const self = await post(`/api/admin/users/${adminId}/role`, adminCookie, { isAdmin: false });
    expect(self.statusCode).toBe(400);
  });

  it('keeps a role granted in /admin when that user signs in again', async () => {
    const wallet = createTestWallet();
    const firstCookie = await signIn(t.app, wallet);
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: firstCookie } });
    const url = `/api/admin/users/${me.json().userId}/role`;
    expect((await post(url, adminCookie, { isAdmin: true })).statusCode).toBe(200);
    // ADMIN_ADDRESSES does not name this wallet: before the fix, sign-in reset the role to false.
    const secondCookie = await signIn(t.app, wallet);
    const again = await t.app.inject({ url: '/api/me', headers: { cookie: secondCookie } });
    expect(again.json().userInfo.isAdmin).toBe(true);
    expect((await post(url, adminCookie, { isAdmin: false })).statusCode).toBe(200);
    const third = await t.app.inject({
      url: '/api/me',
      headers: { cookie: await signIn(t.app, wallet) },
    });
    expect(third.json().userInfo.isAdmin).toBe(false);
  });

  it('cancels a match with every stake refunded, once', async () => {
    const [user] = await signInUsers(t.app, 1);
    const matchId = await insertMatch(t.db, ['house-a', 'house-b']);
    await postBet(t.app, user?.cookie ?? '', {
      matchId,
      side: 'first',
      amount: 300,
      idempotencyKey: 'cancel-1',
    });
    expect((await post(`/api/admin/matches/${matchId}/cancel`, adminCookie)).statusCode).toBe(200);
    expect((await post(`/api/admin/matches/${matchId}/cancel`, adminCookie)).statusCode).toBe(409);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: user?.cookie ?? '' },
    });
    expect(me.json().userInfo.balance).toBe(1000);
    expect((await ledgerHealth(t.db)).agrees).toBe(true);
  });

  it('announces a match between chosen agents, taking bets until it starts', async () => {
    const started = await post('/api/admin/matches', adminCookie, {
      firstAgentId: 'house-a',
      secondAgentId: 'house-b',
    });
    expect(started.statusCode).toBe(201);
    const { rows } = await t.db.query<{ status: string; starts_at: Date }>(
      'select status, starts_at from matches where id = $1',
      [started.json().matchId],
    );
    expect(rows[0]?.status).toBe('scheduled');
    expect(new Date(rows[0]?.starts_at ?? 0).getTime()).toBe(t.clock.now() + 30_000);
    const same = await post('/api/admin/matches', adminCookie, {
      firstAgentId: 'house-a',
      secondAgentId: 'house-a',
    });
    expect(same.statusCode).toBe(400);
    const missing = await post('/api/admin/matches', adminCookie, {
      firstAgentId: 'house-a',
      secondAgentId: 'nobody',
    });
    expect(missing.statusCode).toBe(404);
  });

  it("tells the agents' followers of a match it announces, but not the admin who started it", async () => {
    const [follower] = await signInUsers(t.app, 1);
    await follow(t.db, follower?.userId ?? '', 'agent', 'house-b');
    await follow(t.db, adminId, 'agent', 'house-b');
    const started = await post('/api/admin/matches', adminCookie, {
      firstAgentId: 'house-a',
      secondAgentId: 'house-b',
    });
    expect(started.statusCode).toBe(201);
    await testWorker(t).pass();
    const told = await storedNotifications(t.db, follower?.userId ?? '');
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'followed-match',
        path: `/games/sessions/${started.json().matchId}`,
      }),
    ]);
    expect(await storedNotifications(t.db, adminId)).toEqual([]);
  });

  it('hides and restores agents; hidden ones cannot be matched', async () => {
    const url = '/api/admin/agents/house-b/visibility';
    expect((await post(url, adminCookie, { hidden: true })).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/agents',
      headers: { cookie: adminCookie },
    });
    expect(list.json().items.find((agent: { id: string }) => agent.id === 'house-b').status).toBe(
      'hidden',
    );
    const refused = await post('/api/admin/matches', adminCookie, {
      firstAgentId: 'house-a',
      secondAgentId: 'house-b',
    });
    expect(refused.statusCode).toBe(404);
    const leaderboardIds = async () =>
      (await t.app.inject({ url: '/api/agents' })).json().items.map((a: { id: string }) => a.id);
    expect(await leaderboardIds()).not.toContain('house-b');
    expect((await post(url, adminCookie, { hidden: false })).statusCode).toBe(200);
    expect(await leaderboardIds()).toContain('house-b');
    expect(
      (await post('/api/admin/agents/nobody/visibility', adminCookie, { hidden: true })).statusCode,
    ).toBe(404);
  });
});
