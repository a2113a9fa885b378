import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHouseAgents, signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

const traits = { skill: 4, style: 'aggressive', risk: 0.3, thinkTimeMs: 500 };
let counter = 0;
const uniqueName = () => `Bot ${Date.now() % 100_000}-${counter++}`;

describe.each(testDatabaseKinds())('custom agents on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, { ADMIN_ADDRESSES: admin.address });
    await insertHouseAgents(t.db);
    adminCookie = await signIn(t.app, admin);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const create = (cookie: string, body: Record<string, unknown> = {}) =>
    send('POST', '/api/agents', cookie, { name: uniqueName(), traits, ...body });
  const newUser = async () => (await signInUsers(t.app, 1))[0]?.cookie ?? '';

  it('creates an agent, listed as the owner’s', async () => {
    const cookie = await newUser();
    const response = await create(cookie, { color: '#AABBCC', tagline: 'Plays fast' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      color: '#aabbcc',
      status: 'active',
      traits,
      earnings: 0,
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/agents/mine',
      headers: { cookie },
    });
    expect(mine.json().items.map((agent: { id: string }) => agent.id)).toEqual([
      response.json().id,
    ]);
  });

  it.each([
    [{ name: 'ab' }, 'Name must be 3 to 24 characters.'],
    [{ name: 'x'.repeat(25) }, 'Name must be 3 to 24 characters.'],
    [{ name: 'Bad<name>' }, 'Name may use only letters, digits, spaces, - and _.'],
    [{ color: 'red' }, 'Colour must look like #1a2b3c.'],
    [{ traits: { ...traits, skill: 11 } }, 'Skill must be a whole number from 1 to 10.'],
    [{ traits: { ...traits, style: 'wild' } }, 'Style must be aggressive, balanced or defensive.'],
    [{ traits: { ...traits, risk: 2 } }, 'Risk must be a number from 0 to 1.'],
    [
      { traits: { ...traits, thinkTimeMs: 50 } },
      'Think time must be a whole number of milliseconds from 100 to 10000.',
    ],
  ])('rejects %j with its message', async (override, message) => {
    const response = await create(await newUser(), override);
    expect(response.statusCode).toBe(400);
    expect(response.json().issues.map((issue: { message: string }) => issue.message)).toContain(
      message,
    );
  });

  it('refuses a name taken in any case, including a built-in agent’s', async () => {
    const name = uniqueName();
    expect((await create(await newUser(), { name })).statusCode).toBe(201);
    const taken = await create(await newUser(), { name: name.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe('An agent or bot with this name already exists.');
    expect((await create(await newUser(), { name: 'HOUSE-A' })).statusCode).toBe(409);
  });

  it('limits active agents per user; retiring one frees a slot', async () => {
    const cookie = await newUser();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) ids.push((await create(cookie)).json().id);
    const sixth = await create(cookie);
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().error).toBe('You can have at most 5 active agents; retire one first.');
    const retired = await send('DELETE', `/api/agents/${ids[0]}`, cookie);
    expect(retired.json().status).toBe('retired');
    expect((await create(cookie)).statusCode).toBe(201);
    expect(
      (await send('PATCH', `/api/agents/${ids[0]}`, cookie, { tagline: 'back' })).statusCode,
    ).toBe(409);
  });

  it('lets the owner and admins edit, nobody else; built-ins never', async () => {
    const owner = await newUser();
    const id = (await create(owner)).json().id as string;
    const edited = await send('PATCH', `/api/agents/${id}`, owner, {
      traits: { ...traits, skill: 9 },
    });
    expect(edited.json().traits.skill).toBe(9);
    const stranger = await newUser();
    const refused = await send('PATCH', `/api/agents/${id}`, stranger, { tagline: 'mine now' });
    expect(refused.statusCode).toBe(403);
    expect((await send('DELETE', `/api/agents/${id}`, stranger)).statusCode).toBe(403);
    expect(
      (await send('PATCH', `/api/agents/${id}`, adminCookie, { tagline: 'tidied' })).json().tagline,
    ).toBe('tidied');
    expect(
      (await send('PATCH', '/api/agents/house-a', adminCookie, { tagline: 'x' })).statusCode,
    ).toBe(403);
    expect((await send('PATCH', '/api/agents/nope', owner, { tagline: 'x' })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/agents/${id}`, owner, {})).statusCode).toBe(400);
    expect((await send('POST', '/api/agents', '', { name: uniqueName(), traits })).statusCode).toBe(
      401,
    );
  });
});
