/**
 * Names of agents and bots, across the bot and custom-agent modules: one namespace, unique by
 * look-alike key under concurrency, and free text stored without control or reordering marks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncRoster } from './db/stores/syncRoster.ts';
import { signInUsers } from './testing/economyFixtures.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

const traits = { skill: 4, style: 'aggressive', risk: 0.3, thinkTimeMs: 500 };
const TAKEN = 'An agent or bot with this name already exists.';
/** Cyrillic Ѕ (U+0405), Cyrillic а (U+0430), fullwidth: each passes for the built-in Sage. */
const SAGE_LOOK_ALIKES = ['\u0405age', 'S\u0430ge', 'Ｓａｇｅ'];

let counter = 0;
const uniqueName = (prefix: string) => `${prefix} ${process.pid % 1000}-${counter++}`;

describe.each(testDatabaseKinds())('agent and bot names on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, body: unknown, method: 'POST' | 'PATCH' = 'POST') =>
    t.app.inject({
      method,
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const registerBot = (cookie: string, body: Record<string, unknown>) =>
    post('/api/bots', cookie, { games: ['connect4'], ...body });
  const createAgent = (cookie: string, body: Record<string, unknown>) =>
    post('/api/agents', cookie, { traits, ...body });
  const newUser = async () => (await signInUsers(t.app, 1))[0]?.cookie ?? '';

  it('four owners registering one bot name at once: one 201, three 409 (was three 500s)', async () => {
    const users = await signInUsers(t.app, 4);
    const name = uniqueName('Race');
    const answers = await Promise.all(users.map((user) => registerBot(user.cookie, { name })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.statusCode === 409)) {
      expect(answer.json()).toEqual({ error: TAKEN });
    }
  });

  it('refuses the look-alikes of the built-in Sage, for bots and custom agents', async () => {
    const cookie = await newUser();
    for (const name of SAGE_LOOK_ALIKES) {
      const bot = await registerBot(cookie, { name });
      expect(bot.statusCode, name).toBe(409);
      expect(bot.json()).toEqual({ error: TAKEN });
      expect((await createAgent(cookie, { name })).statusCode, name).toBe(409);
    }
  });

  it('refuses a look-alike of a user’s agent, and a rename onto one', async () => {
    const cookie = await newUser();
    const name = uniqueName('Morgan');
    expect((await createAgent(cookie, { name })).statusCode).toBe(201);
    const cyrillicO = name.replace('o', '\u043e');
    expect((await registerBot(await newUser(), { name: cyrillicO })).statusCode).toBe(409);

    const other = await createAgent(cookie, { name: uniqueName('Other') });
    const rename = await post(
      `/api/agents/${other.json().id}`,
      cookie,
      { name: cyrillicO },
      'PATCH',
    );
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toEqual({ error: TAKEN });
  });

  it('stores a name in its normal form: fullwidth letters folded, spaces collapsed', async () => {
    const fullwidth = `Ｚｅｎ\u3000 ${uniqueName('Bot')}`;
    const registered = await registerBot(await newUser(), { name: fullwidth });
    expect(registered.statusCode).toBe(201);
    const agent = await t.app.inject({ url: `/api/agents/${registered.json().id}` });
    expect(agent.json().name).toBe(fullwidth.normalize('NFKC').replace(/\s+/g, ' '));
    expect(agent.json().name).toMatch(/^Zen Bot /);
  });

  it('stores a description and a tagline without U+202E and BEL', async () => {
    const cookie = await newUser();
    const bot = await registerBot(cookie, {
      name: uniqueName('Quiet'),
      description: 'Plays \u202efair\u202c\u0007 and fast',
    });
    expect(bot.statusCode).toBe(201);
    const mine = await t.app.inject({ url: '/api/bots/mine', headers: { cookie } });
    expect(mine.json().items[0].description).toBe('Plays fair and fast');

    const agent = await createAgent(cookie, {
      name: uniqueName('Calm'),
      tagline: '\u2067Calm\u2069 and\u0007 kind',
    });
    expect(agent.statusCode).toBe(201);
    expect(agent.json().tagline).toBe('Calm and kind');
  });

  it('gives a name stored before the key its key at start-up, so its look-alike is refused', async () => {
    const name = uniqueName('Old Robot');
    // As a row written before migration 0402: no key, a Cyrillic о among Latin letters.
    await t.db.query(`insert into agents (id, name, traits, kind) values ($1, $2, $3, 'custom')`, [
      uniqueName('legacy').replace(' ', '-'),
      name.replace('o', '\u043e'),
      JSON.stringify(traits),
    ]);
    await syncRoster(t.db);
    expect((await registerBot(await newUser(), { name })).statusCode).toBe(409);
  });
});
