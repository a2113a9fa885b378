import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { bearer, uniqueBotName } from './testing/botTestKit.ts';
import { signInUsers } from './testing/economyFixtures.ts';
import {
  createScratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from './testing/serverProcess.ts';
import { openSse } from './testing/sseReader.ts';
import { createTestApp } from './testing/testApp.ts';

// PostgreSQL only: PGlite is one process's database, so no second process can share it.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a bot token dying on another process', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('ends the stream held by process B when the token is regenerated on process A', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'gridmind_tokens');
    cleanups.push(scratch.drop);
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    cleanups.push(() => db.close());
    await migrate(db);
    // Process A is this one; B is a real server on the same database, without a runner.
    const a = await createTestApp('postgres', {}, db);
    cleanups.push(a.close);
    const b: ServerProcess = await startServerProcess({
      DATABASE_URL: scratch.url,
      LIVE_MATCHES: '0',
    });
    cleanups.push(() => stopServerProcess(b));

    const [owner] = await signInUsers(a.app, 1);
    const registered = await a.app.inject({
      method: 'POST',
      url: '/api/bots',
      headers: { cookie: owner!.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: uniqueBotName(), games: ['connect4'] }),
    });
    const { id, token } = registered.json() as { id: string; token: string };
    const onlineUntil = async () =>
      (
        await db.query<{ online_until: Date | null }>(
          'select online_until from bots where agent_id = $1',
          [id],
        )
      ).rows[0]?.online_until ?? null;

    const stream = await openSse(`${b.base}/api/bot/events`, bearer(token));
    await expect.poll(onlineUntil).not.toBeNull();

    const rotated = await a.app.inject({
      method: 'POST',
      url: `/api/bots/${id}/token`,
      headers: { cookie: owner!.cookie },
    });
    expect(rotated.statusCode).toBe(200);
    await expect(stream.next()).rejects.toThrow('SSE stream ended');
    expect(await onlineUntil()).toBeNull();
    expect((await fetch(`${b.base}/api/bot/me`, { headers: bearer(token) })).status).toBe(401);
    const renewed = await openSse(`${b.base}/api/bot/events`, bearer(rotated.json().token));
    await expect.poll(onlineUntil).not.toBeNull();
    renewed.close();
  }, 60_000);
});
