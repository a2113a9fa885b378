import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { matchPoolsSchema } from '#core/protocol/pools.ts';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('pools over the match stream on %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { LIVE_MATCHES: '0' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('sends the new pools to the watchers of an announced match when someone bets', async () => {
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    const [user] = await signInUsers(t.app, 1);
    const stream = await openSse(`${base}/api/matches/${matchId}/events`);
    // Streams open with the spectator count; once it is here the watcher is subscribed.
    expect((await stream.next()).event).toBe(MATCH_EVENT.spectators);
    const placed = await postBet(t.app, user!.cookie, {
      matchId,
      side: 'second',
      amount: 40,
      idempotencyKey: 'pools-stream-1',
    });
    expect(placed.statusCode).toBe(201);
    let event = await stream.next();
    while (event.event !== MATCH_EVENT.pools) event = await stream.next();
    const pools = matchPoolsSchema.parse(JSON.parse(event.data));
    expect(pools).toMatchObject({ open: true, pools: { first: 0, second: 40, draw: 0 }, bets: 1 });
    stream.close();
  });
});
