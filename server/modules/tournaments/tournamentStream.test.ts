import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TOURNAMENT_EVENT,
  TOURNAMENT_STATE_EVENT,
  type TournamentEvent,
  tournamentEventSchema,
} from '#core/protocol/tournamentEvents.ts';
import { type TournamentDetail, tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { publishTournamentGameEnd } from '#server/events/tournamentChannel.ts';
import { openSse, type SseConnection } from '#server/testing/sseReader.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import {
  drivenScheduler,
  FOUR_BUILT_INS,
  loadedDecisionPool,
  playTournament,
  quickRoundRobin,
  storedGames,
  tournamentRunner,
} from '#server/testing/tournamentRunnerKit.ts';
import { enterTournament, withdrawFromTournament } from './entries.ts';
import { cancelTournament } from './tournamentAdmin.ts';

let pool: Awaited<ReturnType<typeof loadedDecisionPool>>;
beforeAll(async () => {
  pool = await loadedDecisionPool();
});
afterAll(() => pool.close());

/** The event a stream opens with: the tournament as it stands. */
async function openingState(stream: SseConnection): Promise<TournamentDetail> {
  const message = await stream.next();
  expect(message.event).toBe(TOURNAMENT_STATE_EVENT);
  return tournamentDetailSchema.parse(JSON.parse(message.data));
}

/** Every event of a stream after the state it opens with, until the server ends it. */
async function eventsUntilEnd(stream: SseConnection): Promise<TournamentEvent[]> {
  await openingState(stream);
  const events: TournamentEvent[] = [];
  for (;;) {
    const message = await stream.next().catch(() => null);
    if (!message) return events;
    expect(message.event).toBe(TOURNAMENT_EVENT);
    events.push(tournamentEventSchema.parse(JSON.parse(message.data)));
  }
}

describe.each(testDatabaseKinds())('a tournament stream on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIVE_MATCHES: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('tells its watcher each round, each game and the finish while the runner plays, then ends', async () => {
    const id = await quickRoundRobin(
      t.db,
      new Date(t.clock.now() + 60_000),
      FOUR_BUILT_INS.slice(0, 2),
      0,
    );
    const stream = await openSse(`${base}/api/tournaments/${id}/events`);
    const errors: unknown[] = [];
    const runner = tournamentRunner(t.db, pool, 'one', drivenScheduler(t.clock.now), errors, {
      onMatchEnd: publishTournamentGameEnd,
    });
    t.clock.advance(60_000);
    await playTournament(t.db, id, () => [runner]);
    await runner.stop();
    expect(errors).toEqual([]);

    // Two entrants, both sides: two rounds of one game each, then the settlement.
    const games = await storedGames(t.db, id);
    expect(games.map((game) => game.round)).toEqual([1, 2]);
    expect(await eventsUntilEnd(stream)).toEqual([
      { tournamentId: id, kind: 'round', round: 1 },
      { tournamentId: id, kind: 'game', round: 1 },
      { tournamentId: id, kind: 'round', round: 2 },
      { tournamentId: id, kind: 'game', round: 2 },
      { tournamentId: id, kind: 'finished' },
    ]);
    // Over: a page opening the stream now is told there is nothing to wait for.
    await expect(openSse(`${base}/api/tournaments/${id}/events`)).rejects.toThrow('status 204');
  }, 120_000);

  // Regression (issue 46): a stream that opened or reopened said nothing of where the tournament
  // stood; a page coming back had to ask for it on its own.
  it('opens, and opens again, with the tournament as it stands before its events', async () => {
    const id = await quickRoundRobin(t.db, new Date(t.clock.now() + 60_000), [], 0);
    const enter = (agentId: string) =>
      enterTournament(t.db, {
        tournamentId: id,
        agentId,
        userId: '',
        isAdmin: true,
        now: new Date(t.clock.now()),
      });
    const [firstAgent, secondAgent] = FOUR_BUILT_INS;
    await enter(firstAgent!);
    const first = await openSse(`${base}/api/tournaments/${id}/events`);
    const opened = await openingState(first);
    expect(opened.tournament).toMatchObject({ id, status: 'scheduled' });
    expect(opened.entrants.map((entrant) => entrant.agentId)).toEqual([firstAgent]);
    first.close();
    // An entry while the page was away: the stream it comes back to says so first.
    await enter(secondAgent!);
    const again = await openSse(`${base}/api/tournaments/${id}/events`);
    const reopened = await openingState(again);
    expect(reopened.entrants.map((entrant) => entrant.agentId).sort()).toEqual(
      [firstAgent, secondAgent].sort(),
    );
    expect(reopened.standings).toHaveLength(2);
    again.close();
  });

  it('tells its watchers of an entry, a withdrawal and a cancellation; 404 for no such tournament', async () => {
    const id = await quickRoundRobin(t.db, new Date(t.clock.now() + 60_000), [], 0);
    const streams = [
      await openSse(`${base}/api/tournaments/${id}/events`),
      await openSse(`${base}/api/tournaments/${id}/events`),
    ];
    const entry = { tournamentId: id, agentId: 'pip', userId: '', isAdmin: true };
    await enterTournament(t.db, { ...entry, now: new Date(t.clock.now()) });
    await withdrawFromTournament(t.db, { ...entry, now: new Date(t.clock.now()) });
    await cancelTournament(t.db, id, null, new Date(t.clock.now()));
    for (const stream of streams) {
      expect(await eventsUntilEnd(stream)).toEqual([
        { tournamentId: id, kind: 'entrants' },
        { tournamentId: id, kind: 'entrants' },
        { tournamentId: id, kind: 'cancelled' },
      ]);
    }
    await expect(
      openSse(`${base}/api/tournaments/00000000-0000-4000-8000-000000000000/events`),
    ).rejects.toThrow('status 404');
  });
});
