import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentDetailSchema } from '#core/protocol/agentDetail.ts';
import { agentListResponseSchema } from '#core/protocol/agents.ts';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { createMatchIfBelowTarget } from './store/matchCreation.ts';
import { recordMove } from './store/matchWriter.ts';

const T0 = Date.parse('2026-01-01T00:00:00Z');
const trace = (column: string) => ({
  candidates: [{ move: column, score: 0 }],
  depth: 1,
  nodes: 1,
  chosen: column,
  reason: `plays column ${column}`,
  advantage: 0,
});

describe.each(testDatabaseKinds())('match API and events on %s', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  let base: string;
  // Opening PGlite costs seconds: one app and database per back end; each test has its own match.
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await buildApp({ config: loadConfig({ LIVE_MATCHES: '0' }), db });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  /** Stores and publishes moves as the runner does, one transaction each, as owner "writer". */
  async function play(matchId: string, columns: string, fromPly: number) {
    for (let i = 0; i < columns.length; i++) {
      const ply = fromPly + i;
      const column = columns[i]!;
      const recorded = await recordMove(db, {
        matchId,
        owner: 'writer',
        ply,
        move: column,
        agentId: ply % 2 === 1 ? 'ada' : 'blitz',
        trace: trace(column),
        now: new Date(T0 + ply * 1000),
        leaseUntil: new Date(T0 + 3_600_000),
      });
      expect(recorded).not.toBeNull();
    }
  }

  it('lists matches and agents, serves one match with its traces', async () => {
    await createMatchIfBelowTarget(
      db,
      { id: 'm1', game: 'connect4', firstId: 'ada', secondId: 'blitz', seed: 1, owner: 'writer' },
      4,
      new Date(T0),
      new Date(T0 + 3_600_000),
    );
    await play('m1', '4455667', 1);

    const list = matchListResponseSchema.parse(
      (await app.inject('/api/matches?status=finished')).json(),
    );
    expect(list.items.map((item) => [item.id, item.result, item.moves])).toEqual([
      ['m1', 'first', '4455667'],
    ]);
    // An agent's matches, in either seat; none for an agent that played none.
    const ofBlitz = (await app.inject('/api/matches?agent=blitz')).json();
    expect(ofBlitz.items.map((item: { id: string }) => item.id)).toContain('m1');
    const ofNobody = (await app.inject('/api/matches?agent=nobody')).json();
    expect(ofNobody.items).toEqual([]);
    // The server sends the winning four (row 0, columns 4-7), so no client needs the rules.
    expect([...(list.items[0]?.resultCells ?? [])].sort()).toEqual([3, 4, 5, 6]);
    expect(list.items[0]?.reason).toBe('four-in-a-row');
    expect((await app.inject('/api/matches?status=live')).json()).toEqual({
      items: [],
      nextCursor: null,
    });
    const detail = matchDetailSchema.parse((await app.inject('/api/matches/m1')).json());
    expect(detail.turns.map((turn) => turn.trace.reason)).toContain('plays column 7');
    expect(detail.resultCells).toEqual(list.items[0]?.resultCells);
    expect((await app.inject('/api/matches/nope')).statusCode).toBe(404);

    const agents = agentListResponseSchema.parse((await app.inject('/api/agents')).json());
    expect(agents.items.length).toBeGreaterThanOrEqual(8);
    const ada = agentDetailSchema.parse((await app.inject('/api/agents/ada')).json());
    expect(ada.record).toEqual({ wins: 1, losses: 0, draws: 0 });
    expect(ada.ratingHistory).toHaveLength(1);
    expect(ada.ratingHistory[0]!.rating).toBeGreaterThan(1500);
  });

  it('resumes a stream after a gap with exactly the missing moves, then the result', async () => {
    await createMatchIfBelowTarget(
      db,
      { id: 'm2', game: 'connect4', firstId: 'ada', secondId: 'blitz', seed: 1, owner: 'writer' },
      4,
      new Date(T0),
      new Date(T0 + 3_600_000),
    );
    await play('m2', '44556', 1);

    const first = await openSse(`${base}/api/matches/m2/events`);
    const seen: string[] = [];
    for (;;) {
      const event = await first.next();
      if (event.event === 'move') seen.push(event.id ?? '');
      if (seen.length === 2) break;
    }
    first.close();
    expect(seen).toEqual(['1', '2']);

    const resumed = await openSse(`${base}/api/matches/m2/events`, { 'last-event-id': '2' });
    const after: string[] = [];
    while (after.length < 3) {
      const event = await resumed.next();
      if (event.event === 'move') after.push(event.id ?? '');
    }
    expect(after).toEqual(['3', '4', '5']);
    await play('m2', '67', 6);
    const tail: { id: string | undefined; event: string }[] = [];
    for (;;) {
      const event = await resumed.next();
      if (event.event === 'spectators') continue;
      tail.push({ id: event.id, event: event.event });
      if (event.event === 'result') break;
    }
    expect(tail).toEqual([
      { id: '6', event: 'move' },
      { id: '7', event: 'move' },
      { id: '7', event: 'result' },
    ]);

    const byQuery = await openSse(`${base}/api/matches/m2/events?lastEventId=6`);
    // Where the match stands comes first (spectators, pools), then the moves it missed.
    const rest: string[] = [];
    while (rest.length < 2) {
      const event = await byQuery.next();
      if (event.event !== 'spectators' && event.event !== 'pools') {
        rest.push(`${event.event}:${event.id}`);
      }
    }
    expect(rest).toEqual(['move:7', 'result:7']);
  });
});
