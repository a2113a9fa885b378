import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, send, VALID_TRAITS } from '#server/quality/qualityFixture.ts';
import { insertHouseAgents, insertMatch } from '#server/testing/economyFixtures.ts';
import { signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';

describe('rate limits on costly writes', () => {
  let t: TestApp;
  let matchId: string;
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      BET_RATE_LIMIT_PER_MINUTE: '3',
      WRITE_RATE_LIMIT_PER_MINUTE: '2',
    });
    const agents = await insertHouseAgents(t.db);
    matchId = await insertMatch(t.db, agents, 'scheduled');
  });
  afterAll(() => t.close());

  const bet = (cookie: string, key: string) =>
    send(t.app, 'POST', '/api/bets', cookie, {
      matchId,
      side: 'first',
      amount: 1,
      idempotencyKey: `rate-limit-${key}`,
    });

  it('refuses the fourth bet in a minute with 429, Retry-After and a sentence; a minute later it is allowed', async () => {
    const cookie = await signIn(t.app);
    const statuses = [];
    for (let n = 0; n < 3; n++) statuses.push((await bet(cookie, `a${n}`)).statusCode);
    expect(statuses).toEqual([201, 201, 201]);
    t.clock.advance(20_000);
    const refused = await bet(cookie, 'a3');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('40');
    expect(refused.json()).toEqual({ error: 'Too many bets: try again in 40 s.' });
    // Nothing was placed by the refused request.
    const mine = await send(t.app, 'GET', '/api/bets', cookie);
    expect((mine.json() as { items: unknown[] }).items).toHaveLength(3);
    t.clock.advance(40_000);
    expect((await bet(cookie, 'a3')).statusCode).toBe(201);
  });

  it('counts per user across their sessions, and not against other users', async () => {
    const first = await signIn(t.app);
    const other = await signIn(t.app);
    for (let n = 0; n < 3; n++) expect((await bet(first, `b${n}`)).statusCode).toBe(201);
    expect((await bet(first, 'b3')).statusCode).toBe(429);
    expect((await bet(other, 'c0')).statusCode).toBe(201);
  });

  it('limits agent creation, edits and nickname changes from one shared budget', async () => {
    const cookie = await signIn(t.app);
    const agentId = await createAgent(t.app, cookie, 'Limited Bot');
    const edit = await send(t.app, 'PATCH', `/api/agents/${agentId}`, cookie, { tagline: 'x' });
    expect(edit.statusCode).toBe(200);
    const nickname = await send(t.app, 'PATCH', '/api/profile', cookie, { nickname: 'limited1' });
    expect(nickname.statusCode).toBe(429);
    expect(nickname.json()).toEqual({ error: 'Too many changes: try again in 60 s.' });
    const created = await send(t.app, 'POST', '/api/agents', cookie, {
      name: 'Second Limited',
      traits: VALID_TRAITS,
    });
    expect(created.statusCode).toBe(429);
    expect(created.headers['retry-after']).toBe('60');
  });

  it('counts visitors by address, before anything else is done for them', async () => {
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push((await bet('', `v${n}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
