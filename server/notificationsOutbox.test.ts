import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import { settleMatch } from '#server/modules/bets/settleMatch.ts';
import { insertMatch as createMatch } from '#server/modules/matches/store/matchCreation.ts';
import {
  endMatch,
  insertHouseAgents,
  insertMatch,
  insertOwnedAgent,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import {
  follow,
  recordingChannel,
  storedNotifications,
  testWorker,
} from '#server/testing/notificationTestKit.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('the notifications outbox on %s', (kind) => {
  let t: TestApp;
  let house: [string, string];
  beforeAll(async () => {
    t = await createTestApp(kind);
    house = await insertHouseAgents(t.db);
  });
  afterAll(() => t.close());

  const now = () => new Date(t.clock.now());
  const announce = (firstId: string, secondId: string) =>
    t.db.transaction((tx) =>
      createMatch(
        tx,
        {
          id: randomUUID(),
          game: 'connect4',
          firstId,
          secondId,
          seed: 1,
          owner: 'test',
          startsAt: new Date(t.clock.now() + 120_000),
        },
        now(),
        new Date(t.clock.now() + 15_000),
      ),
    );

  it("tells an agent's followers of its announced match, with when betting closes", async () => {
    const [fan, stranger, owner] = await signInUsers(t.app, 3);
    const bot = await insertOwnedAgent(t.db, owner!.userId, 'bot');
    await follow(t.db, fan!.userId, 'agent', bot);
    await announce(bot, house[0]);
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, fan!.userId)).toEqual([
      {
        kind: 'followed-match',
        title: `${bot} plays house-a`,
        body: `${bot}, which you follow, plays house-a. Betting closes in 2 min.`,
        path: expect.stringMatching(/^\/games\/sessions\//),
      },
    ]);
    expect(await storedNotifications(t.db, stranger!.userId)).toEqual([]);
  });

  it('tells bettors how their bet settled, and the owner of a commission once turned on', async () => {
    const [winner, loser, owner] = await signInUsers(t.app, 3);
    const agent = await insertOwnedAgent(t.db, owner!.userId, 'custom');
    const matchId = await insertMatch(t.db, [agent, house[1]]);
    for (const [user, side] of [
      [winner, 'first'],
      [loser, 'second'],
    ] as const) {
      const bet = { matchId, side, amount: 100, idempotencyKey: randomUUID() };
      expect((await postBet(t.app, user!.cookie, bet)).statusCode).toBe(201);
    }
    // The commission is off by default: its owner turns it on.
    const turnedOn = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: owner!.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ preferences: { commission: true } }),
    });
    expect(turnedOn.json().preferences).toMatchObject({ commission: true, 'bet-settled': true });
    await endMatch(t.db, matchId, 'first');
    await t.db.transaction((tx) => settleMatch(tx, matchId, 5, now()));
    await testWorker(t).pass();

    const [won] = await storedNotifications(t.db, winner!.userId);
    expect(won).toMatchObject({ kind: 'bet-settled', title: `Bet won: ${agent} vs house-b` });
    expect(won?.body).toMatch(/^You won \d+ points \(paid \d+ points\)\.$/);
    expect(await storedNotifications(t.db, loser!.userId)).toMatchObject([
      { kind: 'bet-settled', body: 'You lost 100 points.' },
    ]);
    expect(await storedNotifications(t.db, owner!.userId)).toMatchObject([
      {
        kind: 'commission',
        title: expect.stringMatching(new RegExp(`^${agent} earned \\d+ point`)),
      },
    ]);
  });

  it('tells nothing of a kind turned off', async () => {
    const [fan] = await signInUsers(t.app, 1);
    await follow(t.db, fan!.userId, 'agent', house[1]);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: fan!.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ preferences: { 'followed-match': false } }),
    });
    expect(off.statusCode).toBe(200);
    await announce(house[0], house[1]);
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, fan!.userId)).toEqual([]);
  });

  it('never tells a user of their own action, and tells the others', async () => {
    const [actor, other] = await signInUsers(t.app, 2);
    await t.db.query('update users set is_admin = true where id = any($1::uuid[])', [
      [actor!.userId, other!.userId],
    ]);
    await t.db.transaction((tx) =>
      recordNotificationEvents(
        tx,
        [{ kind: 'ledger-check', subjectId: 'ledger', actorId: actor!.userId, payload: {} }],
        now(),
      ),
    );
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, actor!.userId)).toEqual([]);
    expect(await storedNotifications(t.db, other!.userId)).toMatchObject([
      { kind: 'ledger-check', title: 'The ledger check failed', path: '/admin' },
    ]);
  });

  it('tells an owner their agent lost on time', async () => {
    const [owner] = await signInUsers(t.app, 1);
    const bot = await insertOwnedAgent(t.db, owner!.userId, 'bot');
    await t.db.transaction((tx) =>
      recordNotificationEvents(
        tx,
        [{ kind: 'lost-on-time', subjectId: bot, payload: { matchId: 'm-late' } }],
        now(),
      ),
    );
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, owner!.userId)).toEqual([
      {
        kind: 'lost-on-time',
        title: `${bot} lost on time`,
        body: `${bot} did not move in time and lost the match.`,
        path: '/games/sessions/m-late',
      },
    ]);
  });

  it('writes nothing for an event whose transaction rolled back', async () => {
    const [fan] = await signInUsers(t.app, 1);
    const bot = await insertOwnedAgent(t.db, fan!.userId, 'bot');
    await follow(t.db, fan!.userId, 'agent', bot);
    const before = await t.db.query<{ count: number }>(
      'select count(*)::int as count from notification_events',
    );
    await expect(
      t.db.transaction(async (tx) => {
        await createMatch(
          tx,
          {
            id: randomUUID(),
            game: 'connect4',
            firstId: bot,
            secondId: house[0],
            seed: 1,
            owner: 'x',
          },
          now(),
          now(),
        );
        throw new Error('the match was not meant to be');
      }),
    ).rejects.toThrow('the match was not meant to be');
    const after = await t.db.query<{ count: number }>(
      'select count(*)::int as count from notification_events',
    );
    expect(after.rows[0]?.count).toBe(before.rows[0]?.count);
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, fan!.userId)).toEqual([]);
  });

  it('gathers a burst into one message', async () => {
    const [fan, owner] = await signInUsers(t.app, 2);
    const bots = [];
    for (let index = 0; index < 3; index++) {
      const bot = await insertOwnedAgent(t.db, owner!.userId, 'bot');
      await follow(t.db, fan!.userId, 'agent', bot);
      bots.push(bot);
    }
    for (const bot of bots) await announce(bot, house[0]);
    await testWorker(t).pass();
    expect(await storedNotifications(t.db, fan!.userId)).toEqual([
      {
        kind: 'followed-match',
        title: '3 matches of agents you follow start soon',
        body: bots.map((bot) => `${bot} plays house-a`).join(' · '),
        path: '/games',
      },
    ]);
  });

  it('gathers many users at once, each their own items in their own message and delivery', async () => {
    const [owner, ...fans] = await signInUsers(t.app, 4);
    const bots = [];
    for (let index = 0; index < 3; index++) {
      bots.push(await insertOwnedAgent(t.db, owner!.userId, 'bot'));
    }
    // The i-th fan follows the first i + 1 bots, so each burst differs in size and words.
    for (const [index, fan] of fans.entries()) {
      for (const bot of bots.slice(0, index + 1)) await follow(t.db, fan.userId, 'agent', bot);
    }
    for (const bot of bots) await announce(bot, house[0]);
    const push = recordingChannel();
    await testWorker(t, [push.channel]).pass();
    for (const [index, fan] of fans.entries()) {
      const followed = bots.slice(0, index + 1);
      const told = await storedNotifications(t.db, fan.userId);
      // One item is told in its own words; a burst lists its items' titles.
      expect(told.map((notice) => (followed.length === 1 ? notice.title : notice.body))).toEqual([
        followed.map((bot) => `${bot} plays house-a`).join(' · '),
      ]);
      const handed = push.handed.filter((notice) => notice.userId === fan.userId);
      expect(handed.map((notice) => [notice.title, notice.body])).toEqual(
        told.map((notice) => [notice.title, notice.body]),
      );
    }
    // Every key names its own notification: one delivery per message, none shared.
    const keys = push.handed.map((notice) => notice.key);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('holds a burst for the gathering wait, then sends it as one', async () => {
    const [fan, owner] = await signInUsers(t.app, 2);
    const worker = testWorker(t, [], { gather: { gatherMs: 1_000 } });
    for (let index = 0; index < 2; index++) {
      const bot = await insertOwnedAgent(t.db, owner!.userId, 'bot');
      await follow(t.db, fan!.userId, 'agent', bot);
      await announce(bot, house[0]);
      await worker.pass();
      t.clock.advance(400);
    }
    expect(await storedNotifications(t.db, fan!.userId)).toEqual([]);
    t.clock.advance(600);
    await worker.pass();
    expect((await storedNotifications(t.db, fan!.userId)).map((n) => n.title)).toEqual([
      '2 matches of agents you follow start soon',
    ]);
  });

  it('caps a user at a few a minute, and gathers the rest when the minute frees', async () => {
    const [fan, owner] = await signInUsers(t.app, 2);
    const worker = testWorker(t, [], { gather: { perMinute: 3 } });
    for (let index = 0; index < 5; index++) {
      const bot = await insertOwnedAgent(t.db, owner!.userId, 'bot');
      await follow(t.db, fan!.userId, 'agent', bot);
      await announce(bot, house[0]);
      await worker.pass();
      t.clock.advance(1_000);
    }
    expect(await storedNotifications(t.db, fan!.userId)).toHaveLength(3);
    t.clock.advance(60_000);
    await worker.pass();
    const told = await storedNotifications(t.db, fan!.userId);
    expect(told).toHaveLength(4);
    expect(told[3]?.title).toBe('2 matches of agents you follow start soon');
  });
});
