import { describe, expect, it } from 'vitest';
import { MATCH_EVENT } from '#core/protocol/matches.ts';
import { BotClient } from '#scripts/bot/botClient.ts';
import { freePorts, scratchPlatformDatabase, testCleanups } from './testing/multiProcess.ts';
import { httpRequest, signInOverHttp } from './testing/nginxClients.ts';
import { watchToTheEnd } from './testing/nginxWatcher.ts';
import { startServerProcess, stopServerProcess } from './testing/serverProcess.ts';
import { openSse } from './testing/sseReader.ts';
import { insertQuickAgents } from './testing/testAgents.ts';

const databaseUrl = process.env.TEST_DATABASE_URL;

// PostgreSQL only: PGlite is one process's database, so no second process can share it.
describe.skipIf(!databaseUrl)('a web process and a runner process on one PostgreSQL', () => {
  const cleanups = testCleanups();

  it('the runner plays every match; the web process serves watchers, bets and bots and plays none', async () => {
    // No agent may play before the bot is online (then quick ones only, so matches end in time).
    const scratch = await scratchPlatformDatabase(cleanups, 'gridmind_roles', { roster: 'hidden' });
    const { db } = scratch;

    const [webPort, runnerPort] = await freePorts(2);
    const origin = `http://127.0.0.1:${webPort}`;
    const env = {
      DATABASE_URL: scratch.url,
      APP_ORIGIN: origin,
      LIVE_MATCHES: '1',
      LIVE_GAMES: 'connect4',
      // A verdict gets the pause's time (verdictBudgetMs): at 50 ms a loaded machine's solver ran
      // out of it on every move of the bot's, so the check below saw none stored.
      MOVE_DELAY_MS: '400',
      BETTING_WINDOW_MS: '6000',
    };
    const start = async (port: number, role: 'web' | 'runner') => {
      const server = await startServerProcess({ ...env, PORT: String(port), ROLE: role });
      cleanups.add(() => stopServerProcess(server));
      return server;
    };
    const web = await start(webPort, 'web');
    expect((await httpRequest(`${web.base}/api/matches`)).status).toBe(200);

    // A bot registered and connected through the web process: its moves land there, the runner
    // playing its match hears of them through PostgreSQL.
    const cookie = await signInOverHttp(web.base, origin, '127.0.0.1');
    const created = await httpRequest(`${web.base}/api/bots`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Roles Bot ${process.pid % 1000}`, games: ['connect4'] }),
    });
    expect(created.status).toBe(201);
    const bot = JSON.parse(created.body) as { id: string; token: string };
    const log: string[] = [];
    const botPlaying = new BotClient({
      server: web.base,
      token: bot.token,
      engine: { kind: 'random' },
      log: (line) => log.push(line),
      matches: 1,
    }).run();
    await expect.poll(() => log.some((line) => line.startsWith('signed in'))).toBe(true);

    // Agents to play while only the web process runs: a web process that played would announce
    // a match before the runner is even up.
    await insertQuickAgents(db);
    const runner = await start(runnerPort, 'runner');
    // The runner answers its health check and nothing public: no pages, API, streams or sign-in.
    expect((await httpRequest(`${runner.base}/api/health`)).status).toBe(200);
    for (const path of ['/', '/api/matches', '/auth/nonce', '/api/bot/me', '/api/agents']) {
      expect((await httpRequest(`${runner.base}${path}`)).status, path).toBe(404);
    }

    const announced = async () =>
      (
        await db.query<{ id: string }>(
          `select m.id from matches m where m.status = 'scheduled' and not exists
             (select 1 from bots b where b.agent_id in (m.first_agent_id, m.second_agent_id))`,
        )
      ).rows;
    await expect.poll(announced, { timeout: 20_000 }).toHaveLength(1);
    const matchId = (await announced())[0]!.id;
    const botMatches = async () =>
      (
        await db.query<{ id: string }>(
          'select id from matches where $1 in (first_agent_id, second_agent_id)',
          [bot.id],
        )
      ).rows;
    await expect.poll(botMatches, { timeout: 20_000 }).toHaveLength(1);
    const botMatchId = (await botMatches())[0]!.id;
    // The bot's match watched on the web process to the stream's end: after the result, the
    // stream waits for the verdicts the runner owes on the bot's moves (LATE_VERDICT_WAIT_MS).
    const botStream = await openSse(`${web.base}/api/matches/${botMatchId}/events`);
    cleanups.add(async () => botStream.close());
    const botMatchEvents = (async () => {
      const events: string[] = [];
      for (;;) {
        const next = await botStream.next().catch(() => null);
        if (next === null) return events;
        events.push(next.event);
      }
    })();

    // Watched and bet on through the web process, while the runner plays it.
    const watching = watchToTheEnd(`${web.base}/api/matches/${matchId}/events`, {
      stopped: cleanups.ended,
    });
    const bet = await httpRequest(`${web.base}/api/bets`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ matchId, side: 'first', amount: 10, idempotencyKey: 'roles-bet' }),
    });
    expect(bet.status, bet.body).toBe(201);
    const seen = await watching;
    await botPlaying;

    const { rows: moves } = await db.query<{ ply: number }>(
      'select ply from match_moves where match_id = $1 order by ply',
      [matchId],
    );
    expect(moves.length).toBeGreaterThan(0);
    expect(seen.plies).toEqual(moves.map((move) => move.ply));
    const { rows: settled } = await db.query<{ match: string; bet: string }>(
      `select m.status as match, b.status as bet from matches m join bets b on b.match_id = m.id
       where m.id = $1`,
      [matchId],
    );
    // Placed through the web process, settled at the end of the match by the runner.
    expect(settled).toHaveLength(1);
    expect(settled[0]?.match).toBe('finished');
    expect(['won', 'lost', 'refunded']).toContain(settled[0]?.bet);

    // Every lease and every move is the runner's: the web process claimed nothing.
    const { rows: owners } = await db.query<{ owner: string | null }>(
      `select owner from matches union all select owner from match_moves`,
    );
    expect(owners.length).toBeGreaterThan(0);
    expect(owners.filter((row) => !row.owner?.endsWith(`:${runnerPort}`))).toEqual([]);

    // The bot played its match to the end through the web process, every move its own.
    expect(log.some((line) => line.startsWith(`match ${botMatchId} over after`))).toBe(true);
    const { rows: botMatch } = await db.query<{ status: string; reason: string }>(
      `select status, result_reason as reason from matches
       where id = $1 and $2 in (first_agent_id, second_agent_id)`,
      [botMatchId, bot.id],
    );
    expect(botMatch[0]?.status).toBe('finished');
    expect(['four-in-a-row', 'board-full']).toContain(botMatch[0]?.reason);
    // Its moves were judged where the engines run: by the runner, from their notices; the web
    // process's watchers got those verdicts.
    await expect
      .poll(
        async () => {
          const { rows } = await db.query<{ count: number }>(
            `select count(*)::int as count from match_moves
             where match_id = $1 and agent_id = $2 and verdict is not null`,
            [botMatchId, bot.id],
          );
          return rows[0]?.count ?? 0;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const events = await botMatchEvents;
    expect(events).toContain(MATCH_EVENT.result);
    expect(events).toContain(MATCH_EVENT.verdict);
  }, 180_000);
});
