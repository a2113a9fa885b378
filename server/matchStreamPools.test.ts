import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { type MatchPools, matchPoolsSchema } from '#core/protocol/pools.ts';
import type { SseMessage } from '#core/protocol/sseParser.ts';
import { placeBet } from '#server/modules/bets/placeBet.ts';
import { createMatchIfBelowTarget } from '#server/modules/matches/store/matchCreation.ts';
import { recordMove } from '#server/modules/matches/store/matchWriter.ts';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { openSse, type SseConnection } from '#server/testing/sseReader.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

/** The next pools event of a stream, skipping the others (spectator counts). */
async function nextPools(stream: SseConnection): Promise<MatchPools> {
  for (;;) {
    const event = await stream.next();
    if (event.event === MATCH_EVENT.pools) return matchPoolsSchema.parse(JSON.parse(event.data));
  }
}

/** The first `count` events of a stream but later spectator counts. */
async function firstEvents(stream: SseConnection, count: number): Promise<SseMessage[]> {
  const events: SseMessage[] = [];
  while (events.length < count) {
    const event = await stream.next();
    if (events.length === 0 || event.event !== MATCH_EVENT.spectators) events.push(event);
  }
  return events;
}

const trace = (column: string) => ({
  candidates: [{ move: column, score: 0 }],
  depth: 1,
  nodes: 1,
  chosen: column,
  reason: `plays column ${column}`,
  advantage: 0,
});

describe.each(testDatabaseKinds())('pools over the match stream on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIVE_MATCHES: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  /** A bet committed but never announced, as by a process killed between the two. */
  const betUnannounced = (userId: string, matchId: string, idempotencyKey: string, amount = 25) =>
    placeBet(t.db, userId, { matchId, side: 'first', amount, idempotencyKey }, new Date());

  it('sends the new pools to the watchers of an announced match when someone bets', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const [user] = await signInUsers(t.app, 1);
    const stream = await openSse(`${base}/api/matches/${matchId}/events`);
    expect(await nextPools(stream)).toMatchObject({ bets: 0 });
    const placed = await postBet(t.app, user!.cookie, {
      matchId,
      side: 'second',
      amount: 40,
      idempotencyKey: 'pools-stream-1',
    });
    expect(placed.statusCode).toBe(201);
    const pools = await nextPools(stream);
    expect(pools).toMatchObject({ open: true, pools: { first: 0, second: 40, draw: 0 }, bets: 1 });
    stream.close();
  });

  // Regression (issue 46): a stream that opened or reopened sent spectators and the missed moves,
  // never the pools, so a watcher whose stream broke during a rush kept stale pools.
  it('opens with where things stand: spectators, the pools, then the moves after Last-Event-ID', async () => {
    const matchId = randomUUID();
    const leaseUntil = new Date(t.clock.now() + 3_600_000);
    await createMatchIfBelowTarget(
      t.db,
      {
        id: matchId,
        game: 'connect4',
        firstId: 'ada',
        secondId: 'blitz',
        seed: 1,
        owner: 'writer',
        startsAt: new Date(t.clock.now()),
      },
      100,
      new Date(t.clock.now()),
      leaseUntil,
    );
    const users = await signInUsers(t.app, 2);
    for (const [index, user] of users.entries()) {
      await betUnannounced(user.userId, matchId, `opening-${index}`, 30 + index);
    }
    for (const [index, column] of ['4', '4', '5'].entries()) {
      const recorded = await recordMove(t.db, {
        matchId,
        owner: 'writer',
        ply: index + 1,
        move: column,
        agentId: index % 2 === 0 ? 'ada' : 'blitz',
        trace: trace(column),
        now: new Date(t.clock.now()),
        leaseUntil,
      });
      expect(recorded).not.toBeNull();
    }
    // A page opening the match, then one coming back after the second move.
    for (const [lastEventId, moves] of [
      ['0', ['move:1', 'move:2', 'move:3']],
      ['2', ['move:3']],
    ] as const) {
      const stream = await openSse(`${base}/api/matches/${matchId}/events`, {
        'last-event-id': lastEventId,
      });
      const events = await firstEvents(stream, 2 + moves.length);
      stream.close();
      expect(events.map((event) => `${event.event}:${event.id ?? ''}`)).toEqual([
        'spectators:',
        'pools:',
        ...moves,
      ]);
      expect(matchPoolsSchema.parse(JSON.parse(events[1]!.data))).toMatchObject({
        open: false,
        pools: { first: 61, second: 0, draw: 0 },
        bets: 2,
      });
    }
  });

  // Regression: a watcher arriving while another stream's opening read its pools was announced
  // on that stream between its spectators and its pools (nginxTwoProcesses saw it under load).
  it('says where things stand before any change: a crowd arriving at once', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const streams = await Promise.all(
      Array.from({ length: 20 }, () => openSse(`${base}/api/matches/${matchId}/events`)),
    );
    for (const stream of streams) {
      const opening = [await stream.next(), await stream.next()];
      expect(opening.map((event) => event.event)).toEqual([
        MATCH_EVENT.spectators,
        MATCH_EVENT.pools,
      ]);
      stream.close();
    }
  });

  // Regression (issue 46): a bet answered "already placed" announced nothing, so a bet whose
  // process died before announcing it stayed out of every watcher's pools.
  it('announces the pools when a retried bet finds itself already placed', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const [user] = await signInUsers(t.app, 1);
    const stream = await openSse(`${base}/api/matches/${matchId}/events`);
    expect(await nextPools(stream)).toMatchObject({ bets: 0 });
    await betUnannounced(user!.userId, matchId, 'retried-bet');
    const retried = await postBet(t.app, user!.cookie, {
      matchId,
      side: 'first',
      amount: 25,
      idempotencyKey: 'retried-bet',
    });
    expect(retried.statusCode).toBe(200);
    expect(await nextPools(stream)).toMatchObject({ pools: { first: 25 }, bets: 1 });
    stream.close();
  });

  // Regression (issue 46): bets a killed process committed but never announced stayed out of the
  // pools of the watchers still connected until the next bet, or for good.
  it('announces bets no one announced when a stream opening finds them', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const [user] = await signInUsers(t.app, 1);
    const watcher = await openSse(`${base}/api/matches/${matchId}/events`);
    expect(await nextPools(watcher)).toMatchObject({ bets: 0 });
    await betUnannounced(user!.userId, matchId, 'lost-announcement');
    const comingBack = await openSse(`${base}/api/matches/${matchId}/events`);
    expect(await nextPools(comingBack)).toMatchObject({ bets: 1 });
    expect(await nextPools(watcher)).toMatchObject({ pools: { first: 25 }, bets: 1 });
    watcher.close();
    comingBack.close();
  });

  // Regression (issue 46): with no stream reopening and no bet after them, bets a killed process
  // never announced stayed out of every watcher's pools until the match's first move.
  it('announces bets no one announced within a recheck period, with nothing else happening', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const [user] = await signInUsers(t.app, 1);
    const watcher = await openSse(`${base}/api/matches/${matchId}/events`);
    expect(await nextPools(watcher)).toMatchObject({ bets: 0 });
    await betUnannounced(user!.userId, matchId, 'lost-announcement-quiet', 40);
    expect(await nextPools(watcher)).toMatchObject({ pools: { first: 40 }, bets: 1 });
    watcher.close();
  });
});
