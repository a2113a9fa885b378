import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FOLLOWS_PER_USER, TOO_MANY_FOLLOWS } from '#core/protocol/follows.ts';
import {
  insertHouseAgents,
  insertOwnedAgent,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';

const traits = { skill: 4, style: 'aggressive', risk: 0.3, thinkTimeMs: 500 };
let counter = 0;
const uniqueName = () => `Fol ${Date.now() % 100_000}-${counter++}`;

describe.each(testDatabaseKinds())('follows on %s', (kind) => {
  let t: TestApp;
  let houseAgent: string;
  let tournamentId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    [houseAgent] = await insertHouseAgents(t.db);
    tournamentId = await insertTournament(t.db, { startsAt: new Date(t.clock.now() + 3_600_000) });
  });
  afterAll(() => t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    cookie = '',
    body?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const newUser = async () => {
    const [user] = await signInUsers(t.app, 1);
    if (!user) throw new Error('no user signed in');
    return user;
  };
  const followedIds = async (cookie: string) =>
    (await send('GET', '/api/follows', cookie))
      .json()
      .items.map((item: { kind: string; id: string }) => `${item.kind}:${item.id}`);

  it('follows an agent once however often asked, counts it, and unfollows', async () => {
    const { cookie } = await newUser();
    const url = `/api/follows/agent/${houseAgent}`;
    const before = (await send('GET', url)).json().followers as number;
    const first = await send('PUT', url, cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ followers: before + 1, following: true });
    expect((await send('PUT', url, cookie)).json()).toEqual({
      followers: before + 1,
      following: true,
    });
    expect((await send('GET', url, cookie)).json()).toEqual({
      followers: before + 1,
      following: true,
    });
    // A visitor reads the count, never anyone's follow.
    expect((await send('GET', url)).json()).toEqual({ followers: before + 1, following: false });
    const unfollowed = await send('DELETE', url, cookie);
    expect(unfollowed.json()).toEqual({ followers: before, following: false });
    expect((await send('DELETE', url, cookie)).json()).toEqual({
      followers: before,
      following: false,
    });
  });

  it('lists what the user follows with names and links, newest first', async () => {
    const { cookie } = await newUser();
    await send('PUT', `/api/follows/agent/${houseAgent}`, cookie);
    t.clock.advance(1000);
    await send('PUT', `/api/follows/tournament/${tournamentId}`, cookie);
    t.clock.advance(1000);
    await send('PUT', '/api/follows/game/othello', cookie);
    const list = await send('GET', '/api/follows', cookie);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.json().items).toEqual([
      expect.objectContaining({
        kind: 'game',
        id: 'othello',
        name: 'Othello',
        href: '/games/sessions?game=othello',
      }),
      expect.objectContaining({
        kind: 'tournament',
        id: tournamentId,
        name: 'Connect Four round robin',
        href: `/games/tournaments/${tournamentId}`,
      }),
      expect.objectContaining({
        kind: 'agent',
        id: houseAgent,
        name: houseAgent,
        href: `/agents/${houseAgent}`,
      }),
    ]);
  });

  it.each([
    ['agent', 'no-such-agent', 'This agent does not exist.'],
    ['tournament', 'not-a-uuid', 'This tournament does not exist.'],
    ['tournament', '00000000-0000-4000-8000-000000000000', 'This tournament does not exist.'],
    ['game', 'chess', 'Gridmind runs no game by this id.'],
  ])('answers 404 with a sentence for an unknown %s %s', async (kind, id, sentence) => {
    const { cookie } = await newUser();
    for (const method of ['GET', 'PUT'] as const) {
      const response = await send(method, `/api/follows/${kind}/${id}`, cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toBe(sentence);
    }
    expect(await followedIds(cookie)).toEqual([]);
  });

  it('refuses an agent an admin hid, and a kind that is not followable', async () => {
    const { cookie, userId } = await newUser();
    const hidden = await insertOwnedAgent(t.db, userId, 'custom');
    await t.db.query('update agents set hidden = true where id = $1', [hidden]);
    expect((await send('PUT', `/api/follows/agent/${hidden}`, cookie)).statusCode).toBe(404);
    const badKind = await send('PUT', `/api/follows/match/${houseAgent}`, cookie);
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().issues[0].message).toBe('Kind must be agent, tournament or game.');
  });

  it('answers 401 to a visitor who follows, unfollows or lists', async () => {
    const url = `/api/follows/agent/${houseAgent}`;
    expect((await send('PUT', url)).statusCode).toBe(401);
    expect((await send('DELETE', url)).statusCode).toBe(401);
    expect((await send('GET', '/api/follows')).statusCode).toBe(401);
  });

  it('caps follows per user, still answering a repeat, and frees a slot on unfollow', async () => {
    const { cookie, userId } = await newUser();
    await t.db.query(
      `insert into follows (user_id, target_kind, target_id, created_at)
       select $1, 'agent', 'filler-' || n, now() from generate_series(1, $2::int) as n`,
      [userId, MAX_FOLLOWS_PER_USER - 1],
    );
    const url = `/api/follows/agent/${houseAgent}`;
    expect((await send('PUT', url, cookie)).statusCode).toBe(200);
    expect((await send('PUT', url, cookie)).statusCode).toBe(200);
    const over = await send('PUT', '/api/follows/game/connect4', cookie);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(TOO_MANY_FOLLOWS);
    expect((await send('GET', '/api/follows/game/connect4', cookie)).json().following).toBe(false);
    await send('DELETE', url, cookie);
    expect((await send('PUT', '/api/follows/game/connect4', cookie)).statusCode).toBe(200);
  });

  it('follows one’s own agent and bot from their creation', async () => {
    const { cookie } = await newUser();
    const agent = await send('POST', '/api/agents', cookie, { name: uniqueName(), traits });
    expect(agent.statusCode).toBe(201);
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/bots',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: uniqueName(), games: ['connect4'] }),
    });
    expect(bot.statusCode).toBe(201);
    expect((await followedIds(cookie)).sort()).toEqual(
      [`agent:${agent.json().id}`, `agent:${bot.json().id}`].sort(),
    );
    expect((await send('GET', `/api/follows/agent/${bot.json().id}`)).json().followers).toBe(1);
  });

  it('backfills follows of agents and bots made before the release, not retired ones', async () => {
    const owner = await newUser();
    const custom = await insertOwnedAgent(t.db, owner.userId, 'custom');
    const bot = await insertOwnedAgent(t.db, owner.userId, 'bot');
    const retired = await insertOwnedAgent(t.db, owner.userId, 'custom');
    await t.db.query('update agents set retired_at = now() where id = $1', [retired]);
    expect(await followedIds(owner.cookie)).toEqual([]);
    const backfill = await readFile(
      new URL('../../db/migrations/1201_follows_own_agents.sql', import.meta.url),
      'utf8',
    );
    await t.db.query(backfill);
    // Run twice, as a repeat would: nothing doubles.
    await t.db.query(backfill);
    expect((await followedIds(owner.cookie)).sort()).toEqual(
      [`agent:${custom}`, `agent:${bot}`].sort(),
    );
  });
});
