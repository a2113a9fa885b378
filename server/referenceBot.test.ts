import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import { BotClient, TokenRefusedError } from '#scripts/bot/botClient.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { findMatch } from './modules/matches/store/matchStore.ts';
import { signInUsers } from './testing/economyFixtures.ts';
import { insertQuickAgents } from './testing/testAgents.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/testDatabase.ts';

describe.each(testDatabaseKinds())('the reference bot on %s', (kind) => {
  let db: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let base: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await insertQuickAgents(db);
    app = await buildApp({
      config: loadConfig({
        LIVE_MATCHES: '1',
        LIVE_GAMES: 'connect4',
        MOVE_DELAY_MS: '0',
        BETTING_WINDOW_MS: '0',
        WRITE_RATE_LIMIT_PER_MINUTE: '1000',
      }),
      db,
      startRunner: true,
    });
    // The roster thinks for seconds: only the quick agents meet the bots.
    await db.query(`update agents set hidden = true where kind = 'builtin'`);
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('plays whole matches over the bot API, each move answered at once by the runner', async () => {
    const [owner] = await signInUsers(app, 1);
    const log: string[] = [];
    const clients: { id: string; name: string; client: BotClient; run: Promise<void> }[] = [];
    for (const [name, engine] of [
      ['Random Ref', { kind: 'random' }],
      ['Pip Ref', { kind: 'agent', agentId: 'pip' }],
    ] as const) {
      const created = await app.inject({
        method: 'POST',
        url: '/api/bots',
        headers: { cookie: owner!.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ name, games: ['connect4'] }),
      });
      expect(created.statusCode).toBe(201);
      const { id, token } = created.json() as { id: string; token: string };
      const client = new BotClient({
        server: base,
        token,
        engine,
        log: (line) => log.push(`${name}: ${line}`),
      });
      clients.push({ id, name, client, run: client.run() });
    }
    // Both play on until each has finished a match: a bot that left after its first could be
    // seated again meanwhile (even against the other) and lose that one on time.
    await expect
      .poll(
        () =>
          clients.every(({ name }) =>
            log.some((line) => line.startsWith(`${name}: match `) && line.includes(' over after ')),
          ),
        { timeout: 60_000, interval: 100 },
      )
      .toBe(true);
    for (const { client } of clients) client.stop();
    await Promise.all(clients.map((client) => client.run));
    // Every match either bot saw end while both were playing.
    const played = log
      .map((line) => /^(.+?): match (\S+) over after/.exec(line))
      .filter((match) => match !== null)
      .map((match) => match[2]!);
    expect(played.length).toBeGreaterThanOrEqual(clients.length);
    for (const matchId of played) {
      const match = await findMatch(db, matchId);
      expect(match?.status).toBe('finished');
      // Played to the game's own end, never forfeited: every move legal and in time.
      expect(['four-in-a-row', 'board-full']).toContain(match?.result_reason);
      const rules = gameOf('connect4');
      expect(rules.outcome(replay(rules, match?.moves ?? '').state).status).toBe('finished');
    }
    for (const { id } of clients) {
      const rating = await db.query('select 1 from agent_ratings where agent_id = $1', [id]);
      expect(rating.rows.length).toBe(1);
    }
  }, 90_000);

  it('stops with the reason when its token is replaced, rather than reconnecting forever', async () => {
    const [owner] = await signInUsers(app, 1);
    const cookie = { cookie: owner!.cookie, 'content-type': 'application/json' };
    const created = await app.inject({
      method: 'POST',
      url: '/api/bots',
      headers: cookie,
      payload: JSON.stringify({ name: 'Rotated Ref', games: ['connect4'] }),
    });
    const { id, token } = created.json() as { id: string; token: string };
    const log: string[] = [];
    const client = new BotClient({
      server: base,
      token,
      engine: { kind: 'random' },
      log: (line) => log.push(line),
    });
    const run = client.run();
    await expect.poll(() => log.includes('connected'), { timeout: 10_000 }).toBe(true);
    const rotated = await app.inject({
      method: 'POST',
      url: `/api/bots/${id}/token`,
      headers: { cookie: owner!.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    await expect(run).rejects.toBeInstanceOf(TokenRefusedError);
    client.stop();
  }, 30_000);
});
