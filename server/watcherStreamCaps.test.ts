import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { publishMatchEvent } from './events/matchChannel.ts';
import { endMatch, insertHouseAgents, insertMatch } from './testing/economyFixtures.ts';
import { openSse, type SseConnection } from './testing/sseReader.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';
import { insertTournament } from './testing/tournamentFixtures.ts';

const PER_ADDRESS = 3;
const PROCESS_STREAMS = 4;

/** An app under test, its base URL, and the event-stream paths of a live match and a tournament. */
interface CappedApp {
  t: TestApp;
  base: string;
  matchPath: string;
  tournamentPath: string;
}

/** The app listening on loopback, which TRUST_PROXY lets name its clients by X-Forwarded-For. */
async function listening(
  kind: 'pglite' | 'postgres',
  env: Record<string, string>,
): Promise<CappedApp> {
  const t = await createTestApp(kind, { LIVE_MATCHES: '0', TRUST_PROXY: '127.0.0.1', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const matchId = await insertMatch(t.db, await insertHouseAgents(t.db), 'live');
  const tournamentId = await insertTournament(t.db, {
    startsAt: new Date(t.clock.now() + 3_600_000),
  });
  return {
    t,
    base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`,
    matchPath: `/api/matches/${matchId}/events`,
    tournamentPath: `/api/tournaments/${tournamentId}/events`,
  };
}

/** Opens a stream as client `address`: the answer's 200 says the server holds its place. */
function watch(url: string, address: string): Promise<SseConnection> {
  return openSse(url, { 'x-forwarded-for': address });
}

/**
 * Opens a stream as `address` once a place is free: a place comes back when the server sees the
 * old stream's socket close, a moment after the client hangs up. Fails after 5 s (a leaked place).
 */
async function watchOnceFree(url: string, address: string): Promise<SseConnection> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    try {
      return await watch(url, address);
    } catch (error) {
      if (!String(error).includes('429') || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Asks for a stream as `address` and hangs up after `ms`, before any answer comes. */
async function hangUpAfter(url: string, address: string, ms: number): Promise<void> {
  const asking = request(url, { headers: { 'x-forwarded-for': address } });
  asking.on('error', () => {});
  asking.end();
  await sleep(ms);
  asking.destroy();
}

/** A refused stream's answer, read with inject (an admitted one would never end). */
async function refusal(t: TestApp, path: string, address: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: path,
    headers: { 'x-forwarded-for': address },
  });
  return {
    status: response.statusCode,
    retryAfter: response.headers['retry-after'],
    body: response.json() as unknown,
  };
}

describe.each(testDatabaseKinds())('caps on watcher streams on %s', (kind) => {
  let capped: CappedApp;
  let small: CappedApp;
  // Two apps, so twice the usual hook time for opening their databases on a busy machine.
  beforeAll(async () => {
    capped = await listening(kind, {
      SSE_MAX_PER_ADDRESS: String(PER_ADDRESS),
      SSE_MAX_STREAMS: '1000',
    });
    small = await listening(kind, {
      SSE_MAX_PER_ADDRESS: '1000',
      SSE_MAX_STREAMS: String(PROCESS_STREAMS),
    });
  }, 120_000);
  afterAll(async () => {
    await capped?.t.close();
    await small?.t.close();
  });

  it('refuses an address its next stream of any kind with 429, and another address still watches', async () => {
    const { base, matchPath, tournamentPath } = capped;
    const address = '198.51.100.1';
    const held = [
      await watch(`${base}${matchPath}`, address),
      await watch(`${base}${tournamentPath}`, address),
      await watch(`${base}${matchPath}`, address),
    ];
    for (const path of [matchPath, tournamentPath]) {
      const refused = await refusal(capped.t, path, address);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBe('30');
      expect(refused.body).toEqual({
        error: `Too many event streams from this address (at most ${PER_ADDRESS} at once): close one or try again in 30 s.`,
      });
    }
    await expect(watch(`${base}${matchPath}`, address)).rejects.toThrow('SSE status 429');
    const other = await watch(`${base}${matchPath}`, '198.51.100.2');
    expect((await other.next()).event).toBe(MATCH_EVENT.spectators);
    for (const stream of [...held, other]) stream.close();
  });

  it('gives closed streams their places back: close two, open two again, and no third', async () => {
    const address = '198.51.100.3';
    const url = `${capped.base}${capped.matchPath}`;
    const held = [await watch(url, address), await watch(url, address), await watch(url, address)];
    held[0]!.close();
    held[1]!.close();
    const reopened = [await watchOnceFree(url, address), await watchOnceFree(url, address)];
    await expect(watch(url, address)).rejects.toThrow('SSE status 429');
    for (const stream of [held[2]!, ...reopened]) stream.close();
  });

  it("gives back the places of streams the server ended with their match's result", async () => {
    const address = '198.51.100.4';
    const matchId = await insertMatch(capped.t.db, ['house-a', 'house-b'], 'live');
    const url = `${capped.base}/api/matches/${matchId}/events`;
    const held = [await watch(url, address), await watch(url, address), await watch(url, address)];
    // Subscribed once the spectator count has come.
    for (const stream of held) expect((await stream.next()).event).toBe(MATCH_EVENT.spectators);
    await endMatch(capped.t.db, matchId, 'first');
    await publishMatchEvent(capped.t.db, {
      kind: 'result',
      event: {
        matchId,
        status: 'finished',
        result: 'first',
        moves: '',
        plies: 0,
        endedAt: new Date().toISOString(),
        resultCells: [],
      },
    });
    for (const stream of held) {
      let event = await stream.next();
      while (event.event !== MATCH_EVENT.result) event = await stream.next();
      // No bot's verdict to wait for: the stream's last word comes at once.
      expect((await stream.next()).event).toBe(MATCH_EVENT.end);
      await expect(stream.next()).rejects.toThrow('SSE stream ended');
    }
    const next = `${capped.base}${capped.matchPath}`;
    const reopened = [
      await watchOnceFree(next, address),
      await watchOnceFree(next, address),
      await watchOnceFree(next, address),
    ];
    await expect(watch(next, address)).rejects.toThrow('SSE status 429');
    for (const stream of reopened) stream.close();
  });

  it('frees at once the places of clients that left while the route read their match', async () => {
    const address = '198.51.100.5';
    const matchId = await insertMatch(capped.t.db, ['house-a', 'house-b'], 'live');
    const url = `${capped.base}/api/matches/${matchId}/events`;
    const spectators = async () =>
      (await capped.t.app.inject({ url: `/api/matches/${matchId}` })).json().spectators;
    // The matches table is locked, so each route waits on its read while its client hangs up;
    // the places are taken after the read, from responses already closed.
    await capped.t.db.transaction(async (tx) => {
      await tx.query('lock table matches in access exclusive mode');
      await Promise.all(Array.from({ length: PER_ADDRESS }, () => hangUpAfter(url, address, 200)));
      await sleep(50);
    });
    await sleep(50);
    // Nor does the match keep them as watchers.
    expect(await spectators()).toBe(0);
    const held = [await watch(url, address), await watch(url, address), await watch(url, address)];
    await expect(watch(url, address)).rejects.toThrow('SSE status 429');
    expect(await spectators()).toBe(PER_ADDRESS);
    for (const stream of held) stream.close();
  });

  it('answers 503 once the process holds its cap, whoever asks, until a stream closes', async () => {
    const url = `${small.base}${small.matchPath}`;
    const held: SseConnection[] = [];
    for (let index = 0; index < PROCESS_STREAMS; index++) {
      held.push(await watch(url, `198.51.100.${10 + index}`));
    }
    for (const path of [small.matchPath, small.tournamentPath]) {
      const refused = await refusal(small.t, path, '198.51.100.99');
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.body).toEqual({
        error: 'The server is watching as many streams as it can: try again in 5 s.',
      });
    }
    held.shift()!.close();
    const deadline = Date.now() + 5_000;
    let admitted: SseConnection | null = null;
    while (!admitted) {
      admitted = await watch(url, '198.51.100.99').catch((error: unknown) => {
        if (!String(error).includes('503') || Date.now() > deadline) throw error;
        return null;
      });
      if (!admitted) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    for (const stream of [...held, admitted]) stream.close();
  });
});
