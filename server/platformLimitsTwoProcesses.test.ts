import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { bearer, uniqueBotName } from '#server/testing/botTestKit.ts';
import { insertHouseAgents, insertMatch } from '#server/testing/economyFixtures.ts';
import { httpRequest, signInOverHttp } from '#server/testing/nginxClients.ts';
import {
  createScratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { openSse, type SseConnection } from '#server/testing/sseReader.ts';

// Every limit of docs/CONFIGURATION.md that the processes enforce, across two real processes on one
// PostgreSQL: requests alternate between them and the budget is the one the operator set, not
// twice it. PostgreSQL only: PGlite is one process's database, so no second process can share it.
// The windows are a minute of real time (the processes' clocks): each budget is spent well inside.
const LIMITS = { auth: 6, bets: 3, writes: 2, moves: 4, botStreamsPerAddress: 3 };

describe.skipIf(!process.env.TEST_DATABASE_URL)('limits across two processes', () => {
  const cleanups: (() => Promise<void>)[] = [];
  let db: Database;
  let servers: [ServerProcess, ServerProcess];
  const origin = 'http://127.0.0.1:9';
  /** Process A for even requests, B for odd ones: the way nginx spreads a client. */
  const base = (index: number) => servers[index % 2]!.base;

  beforeAll(async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'gridmind_limits');
    cleanups.push(scratch.drop);
    db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    cleanups.push(() => db.close());
    await migrate(db);
    const env = {
      DATABASE_URL: scratch.url,
      APP_ORIGIN: origin,
      LIVE_MATCHES: '0',
      AUTH_RATE_LIMIT_PER_MINUTE: String(LIMITS.auth),
      BET_RATE_LIMIT_PER_MINUTE: String(LIMITS.bets),
      WRITE_RATE_LIMIT_PER_MINUTE: String(LIMITS.writes),
      BOT_MOVE_RATE_LIMIT_PER_MINUTE: String(LIMITS.moves),
      BOT_STREAMS_PER_ADDRESS: String(LIMITS.botStreamsPerAddress),
    };
    const started = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    for (const server of started) cleanups.push(() => stopServerProcess(server));
    servers = [started[0]!, started[1]!];
  }, 60_000);
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** Statuses of `count` requests made by `send(index)`, one after another. */
  const statuses = async (count: number, send: (index: number) => Promise<{ status: number }>) => {
    const answers: number[] = [];
    for (let index = 0; index < count; index++) answers.push((await send(index)).status);
    return answers;
  };
  const expectBudget = (answers: number[], budget: number) => {
    expect(
      answers.slice(0, budget).every((status) => status !== 429),
      String(answers),
    ).toBe(true);
    expect(answers.slice(budget)).toEqual(answers.slice(budget).map(() => 429));
  };

  it('counts sign-in requests of one address on both processes in one budget', async () => {
    const answers = await statuses(LIMITS.auth + 2, (index) =>
      httpRequest(`${base(index)}/auth/nonce`, { localAddress: '127.0.2.1' }),
    );
    expectBudget(answers, LIMITS.auth);
    // Another address has its own budget.
    expect((await httpRequest(`${base(1)}/auth/nonce`, { localAddress: '127.0.2.2' })).status).toBe(
      200,
    );
  });

  it('counts a user’s bets and changes on both processes in one budget each', async () => {
    const cookie = await signInOverHttp(base(0), origin, '127.0.3.1');
    const matchId = await insertMatch(db, await insertHouseAgents(db), 'scheduled');
    await db.query(`update matches set starts_at = now() + interval '1 hour' where id = $1`, [
      matchId,
    ]);
    const headers = { cookie, origin, 'content-type': 'application/json' };
    const bets = await statuses(LIMITS.bets + 2, (index) =>
      httpRequest(`${base(index)}/api/bets`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          matchId,
          side: 'first',
          amount: 1,
          idempotencyKey: `two-processes-${index}`,
        }),
      }),
    );
    expect(bets.slice(0, LIMITS.bets)).toEqual([201, 201, 201]);
    expectBudget(bets, LIMITS.bets);
    const changes = await statuses(LIMITS.writes + 2, (index) =>
      httpRequest(`${base(index)}/api/profile`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ nickname: `limits${index}` }),
      }),
    );
    expect(changes.slice(0, LIMITS.writes)).toEqual([200, 200]);
    expectBudget(changes, LIMITS.writes);
  });

  /** A new user's new bot: its id and token. */
  const newBot = async (address: string) => {
    const cookie = await signInOverHttp(base(0), origin, address);
    const registered = await httpRequest(`${base(0)}/api/bots`, {
      method: 'POST',
      localAddress: address,
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: uniqueBotName(), games: ['connect4'] }),
    });
    expect(registered.status).toBe(201);
    return JSON.parse(registered.body) as { id: string; token: string };
  };

  it('counts a bot’s moves on both processes in one budget', async () => {
    const { token } = await newBot('127.0.4.1');
    const answers = await statuses(LIMITS.moves + 2, (index) =>
      httpRequest(`${base(index)}/api/bot/matches/no-such-match/moves`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify({ ply: 1, move: '4' }),
      }),
    );
    expectBudget(answers, LIMITS.moves);
  });

  it('keeps a bot to two streams on the platform, online while any lives, an address to its cap', async () => {
    const [first, second] = [await newBot('127.0.5.1'), await newBot('127.0.5.2')];
    const onlineUntil = async (botId: string) =>
      (
        await db.query<{ online_until: Date | null }>(
          'select online_until from bots where agent_id = $1',
          [botId],
        )
      ).rows[0]?.online_until ?? null;
    const open = (index: number, token: string) =>
      openSse(`${base(index)}/api/bot/events`, bearer(token));
    const streams: SseConnection[] = [];
    try {
      // The bot's first stream on A, its second on B, its third on A: it holds two on the
      // platform, so the third ends the first (each process alone holds fewer than two).
      const [oldest, onB] = [await open(0, first.token), await open(1, first.token)];
      streams.push(oldest, onB);
      await expect.poll(() => onlineUntil(first.id)).not.toBeNull();
      const onA = await open(0, first.token);
      streams.push(onA);
      await expect(oldest.next()).rejects.toThrow('SSE stream ended');
      // This address holds two streams; another bot's stream on A makes three, the cap.
      streams.push(await open(0, second.token));
      await expect(open(1, second.token)).rejects.toThrow('SSE status 429');
      // A's last stream of the bot closes; its stream on B keeps it online.
      onA.close();
      const streamsOf = async (botId: string) =>
        (
          await db.query<{ n: number }>(
            'select count(*)::int as n from bot_streams where bot_id = $1',
            [botId],
          )
        ).rows[0]?.n;
      await expect.poll(() => streamsOf(first.id)).toBe(1);
      expect(await onlineUntil(first.id)).not.toBeNull();
      onB.close();
      await expect.poll(() => onlineUntil(first.id)).toBeNull();
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
