import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import {
  insertHouseAgents,
  insertMatch,
  insertOwnedAgent,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('POST /api/bets on %s', (kind) => {
  let t: TestApp;
  let cookie: string;
  let matchId: string;
  let agents: [string, string];

  beforeAll(async () => {
    t = await createTestApp(kind);
    agents = await insertHouseAgents(t.db);
  });
  afterAll(() => t.close());
  // A fresh user and match per test, so tests never see each other's bets.
  beforeEach(async () => {
    matchId = await insertMatch(t.db, agents);
    [{ cookie } = { cookie: '' }] = await signInUsers(t.app, 1);
  });

  const bet = (body: Record<string, unknown>) =>
    postBet(t.app, cookie, {
      matchId,
      side: 'first',
      amount: 100,
      idempotencyKey: 'key-0001',
      ...body,
    });
  const balance = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().userInfo
      .balance as number;

  it('places a bet, takes the stake from the balance and writes a ledger row', async () => {
    const response = await bet({});
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      bet: { side: 'first', amount: 100, status: 'open' },
      balance: 900,
    });
    expect(await balance()).toBe(900);
    const pools = await t.app.inject({ method: 'GET', url: `/api/matches/${matchId}/pools` });
    expect(pools.json()).toMatchObject({
      open: true,
      pools: { first: 100, second: 0, draw: 0 },
      bets: 1,
    });
    expect(await ledgerHealth(t.db)).toMatchObject({
      granted: 1000,
      balances: 900,
      openStakes: 100,
      agrees: true,
    });
  });

  it('answers a repeated idempotency key with the first bet and charges once', async () => {
    const first = await bet({});
    const again = await bet({ amount: 300, side: 'draw' });
    expect(again.statusCode).toBe(200);
    expect(again.json().bet).toEqual(first.json().bet);
    expect(await balance()).toBe(900);
  });

  // A key is unique for its user on its match (migration 0990): the index that checks it leads
  // with the match, so a rush's keys sit on a few neighbouring leaves.
  it('places a bet for a key used before on another match, and still one on each', async () => {
    const other = await insertMatch(t.db, agents);
    const first = await bet({});
    const elsewhere = await bet({ matchId: other });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().bet.id).not.toBe(first.json().bet.id);
    expect(elsewhere.json().bet.matchId).toBe(other);
    expect((await bet({ matchId: other })).statusCode).toBe(200);
    expect((await bet({})).json().bet).toEqual(first.json().bet);
    expect(await balance()).toBe(800);
  });

  // Time-ordered ids put each new bet's primary-key entry beside the last ones (migration 0960).
  it('gives each new bet a version 7 id that starts with the time it was placed', async () => {
    const millisOf = (id: string) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
    const before = Date.now();
    const first = (await bet({ amount: 1 })).json().bet.id as string;
    const second = (await bet({ amount: 1, idempotencyKey: 'key-0002' })).json().bet.id as string;
    const after = Date.now();
    for (const id of [first, second]) {
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
      // The database's clock and the test's may differ by a little.
      expect(millisOf(id)).toBeGreaterThan(before - 5000);
      expect(millisOf(id)).toBeLessThan(after + 5000);
    }
    expect(millisOf(second)).toBeGreaterThanOrEqual(millisOf(first));
  });

  it.each([
    [{ amount: 0 }, 'The amount must be at least 1 point.'],
    [{ amount: -5 }, 'The amount must be at least 1 point.'],
    [{ amount: 1.5 }, 'The amount must be a whole number of points.'],
    [{ amount: '10' }, 'The amount must be a whole number of points.'],
    [{ side: 'nobody' }, 'Side must be first, second or draw.'],
    [{ idempotencyKey: 'short' }, 'The idempotency key must be 8 to 64 letters, digits, - or _.'],
  ])('rejects %j with a clear 400 and changes nothing', async (override, message) => {
    const response = await bet(override);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(
      message,
    );
    expect(await balance()).toBe(1000);
  });

  it('refuses an overdraft with 400 and changes nothing', async () => {
    const response = await bet({ amount: 1001 });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Your balance is too low for this bet.');
    expect(await balance()).toBe(1000);
    const { rows } = await t.db.query(
      'select count(*)::int as count from bets where match_id = $1',
      [matchId],
    );
    expect(rows[0]).toEqual({ count: 0 });
  });

  it('refuses bets once the match has a move, is live, or does not exist', async () => {
    const started = await insertMatch(t.db, agents, 'scheduled', '4');
    const live = await insertMatch(t.db, agents, 'live');
    for (const id of [started, live]) {
      const response = await bet({ matchId: id, idempotencyKey: `key-${id}` });
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('Betting on this match is closed.');
    }
    expect((await bet({ matchId: 'missing-match' })).statusCode).toBe(404);
    expect(await balance()).toBe(1000);
  });

  it('asks visitors to sign in', async () => {
    expect(
      (await postBet(t.app, '', { matchId, side: 'first', amount: 1, idempotencyKey: 'key-0001' }))
        .statusCode,
    ).toBe(401);
  });

  it('lists the signed-in user their own bets', async () => {
    await bet({});
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/bets?matchId=${matchId}`,
      headers: { cookie },
    });
    expect(response.json().items).toHaveLength(1);
  });

  it('refuses an owner a bet on a match their bot or custom agent plays, and says so', async () => {
    const [owner, other] = await signInUsers(t.app, 2);
    if (!owner || !other) throw new Error('two users expected');
    const bot = await insertOwnedAgent(t.db, owner.userId, 'bot');
    const custom = await insertOwnedAgent(t.db, owner.userId, 'custom');
    for (const seats of [
      [agents[0], bot],
      [custom, agents[1]],
    ] as const) {
      const match = await insertMatch(t.db, seats);
      // Backing either side is refused: an owner could throw the match or carry it.
      for (const side of ['first', 'second', 'draw']) {
        const response = await postBet(t.app, owner.cookie, {
          matchId: match,
          side,
          amount: 500,
          idempotencyKey: `key-${side}-${match}`,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().error).toBe(
          'You own an agent in this match, so you cannot bet on it: its result is in your hands.',
        );
      }
      const mine = await t.app.inject({
        method: 'GET',
        url: `/api/bets?matchId=${match}`,
        headers: { cookie: owner.cookie },
      });
      expect(mine.json()).toEqual({ items: [], ownAgentPlays: true });
      // Anyone else bets as usual, and is told nothing stands in the way.
      const theirs = await postBet(t.app, other.cookie, {
        matchId: match,
        side: 'first',
        amount: 500,
        idempotencyKey: `key-other-${match}`,
      });
      expect(theirs.statusCode).toBe(201);
      const otherMine = await t.app.inject({
        method: 'GET',
        url: `/api/bets?matchId=${match}`,
        headers: { cookie: other.cookie },
      });
      expect(otherMine.json().ownAgentPlays).toBe(false);
    }
    const { rows } = await t.db.query(
      'select count(*)::int as count from bets where user_id = $1::uuid',
      [owner.userId],
    );
    expect(rows[0]).toEqual({ count: 0 });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: owner.cookie },
    });
    expect(me.json().userInfo.balance).toBe(1000);
  });
});
