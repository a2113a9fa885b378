import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMatch as createMatch } from '#server/modules/matches/store/matchCreation.ts';
import { tournamentSweep } from '#server/modules/tournaments/runner/sweepTournaments.ts';
import { insertOwnedAgent, signInUsers } from '#server/testing/economyFixtures.ts';
import { follow, storedNotifications, testWorker } from '#server/testing/notificationTestKit.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';

describe.each(testDatabaseKinds())('tournament notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const now = () => new Date(t.clock.now());

  it("tells an agent's followers of its tournament entry, not its owner, and a tournament's of its start", async () => {
    const [owner, rival, agentFan, tournamentFan] = await signInUsers(t.app, 4);
    const agent = await insertOwnedAgent(t.db, owner!.userId, 'custom');
    const rivalAgent = await insertOwnedAgent(t.db, rival!.userId, 'custom');
    const startsAt = new Date(t.clock.now() + 3_600_000);
    const tournamentId = await insertTournament(t.db, { startsAt });
    await follow(t.db, agentFan!.userId, 'agent', agent);
    await follow(t.db, owner!.userId, 'agent', agent);
    await follow(t.db, tournamentFan!.userId, 'tournament', tournamentId);
    for (const [user, agentId] of [
      [owner, agent],
      [rival, rivalAgent],
    ] as const) {
      const entered = await t.app.inject({
        method: 'POST',
        url: `/api/tournaments/${tournamentId}/entrants`,
        headers: { cookie: user!.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ agentId }),
      });
      expect(entered.statusCode, entered.body).toBeLessThan(300);
    }
    const worker = testWorker(t);
    await worker.pass();
    expect(await storedNotifications(t.db, agentFan!.userId)).toEqual([
      {
        kind: 'tournament-entry',
        title: `${agent} entered a tournament`,
        body: `${agent} was entered in the Connect Four round robin.`,
        path: `/games/tournaments/${tournamentId}`,
      },
    ]);
    expect(await storedNotifications(t.db, owner!.userId)).toEqual([]);

    t.clock.advance(3_600_000);
    const sweep = tournamentSweep({
      onError: (error) => {
        throw error;
      },
      schedule: false,
      games: [],
    });
    await sweep({
      db: t.db,
      ownerId: 'test',
      now: now(),
      bettingWindowMs: 0,
      botMoveTimeoutMs: 10_000,
      random: () => 0.5,
      createGame: (tx, game) => createMatch(tx, game, now(), new Date(t.clock.now() + 15_000)),
    });
    await worker.pass();
    expect(await storedNotifications(t.db, tournamentFan!.userId)).toEqual([
      {
        kind: 'followed-tournament',
        title: 'Connect Four round robin has started',
        body: 'The Connect Four round robin you follow has started its first round.',
        path: `/games/tournaments/${tournamentId}`,
      },
    ]);
  });
});
