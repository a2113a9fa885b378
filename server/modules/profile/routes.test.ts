import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('/api/profile on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const patch = (cookie: string, body: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it('shows balance, address, bets with their match, and the welcome grant in the ledger', async () => {
    const [user] = await signInUsers(t.app, 1);
    const cookie = user?.cookie ?? '';
    const matchId = await insertMatch(t.db, await insertHouseAgents(t.db));
    await postBet(t.app, cookie, {
      matchId,
      side: 'draw',
      amount: 40,
      idempotencyKey: 'profile-1',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/profile',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const profile = response.json();
    expect(profile).toMatchObject({ balance: 960, agents: [] });
    expect(profile.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(profile.bets[0]).toMatchObject({
      side: 'draw',
      amount: 40,
      players: ['house-a', 'house-b'],
    });
    expect(
      profile.ledger.map((entry: { kind: string; amount: number }) => [entry.kind, entry.amount]),
    ).toEqual([
      ['bet', -40],
      ['welcome', 1000],
    ]);
  });

  it('changes the nickname, unique regardless of case, with clear errors', async () => {
    const [first, second] = await signInUsers(t.app, 2);
    const name = `Player_${Date.now() % 1_000_000}`;
    expect((await patch(first?.cookie ?? '', { nickname: name })).json()).toEqual({
      nickname: name,
    });
    const taken = await patch(second?.cookie ?? '', { nickname: name.toLowerCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('This nickname is taken.');
    for (const [nickname, message] of [
      ['ab', 'Nickname must be 3 to 24 characters.'],
      ['has space', 'Nickname may use only letters, digits, - and _.'],
    ]) {
      const response = await patch(second?.cookie ?? '', { nickname });
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].message).toBe(message);
    }
    expect((await patch('', { nickname: 'Visitor' })).statusCode).toBe(401);
  });
});
