import { describe, expect, it } from 'vitest';
import { freePorts, scratchPlatformDatabase, testCleanups } from './testing/multiProcess.ts';
import { httpRequest, signInOverHttp } from './testing/nginxClients.ts';
import { findNginx, startNginx } from './testing/nginxProcess.ts';
import { watchToTheEnd } from './testing/nginxWatcher.ts';
import { startServerProcess, stopServerProcess } from './testing/serverProcess.ts';
import { insertQuickAgents } from './testing/testAgents.ts';

// docs/DEPLOY.md's split layout: deploy/nginx.conf in front of two web processes (ROLE=web),
// one runner (ROLE=runner) that nginx never reaches, one PostgreSQL between them.
const WATCHERS = 4;

const nginx = findNginx();
const databaseUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!nginx || !databaseUrl)('nginx in front of two web processes and a runner', () => {
  const cleanups = testCleanups();

  it('watchers through nginx see every move the runner plays, and a bet goes through', async () => {
    // No agent may play until the bettor has signed in (then quick ones only).
    const scratch = await scratchPlatformDatabase(cleanups, 'gridmind_nginx_roles', {
      roster: 'hidden',
    });
    const { db } = scratch;

    const [listenPort, webA, webB, runnerPort] = await freePorts(4);
    const origin = `http://127.0.0.1:${listenPort}`;
    const env = {
      DATABASE_URL: scratch.url,
      APP_ORIGIN: origin,
      TRUST_PROXY: '127.0.0.1',
      LIVE_MATCHES: '1',
      LIVE_GAMES: 'connect4',
      MOVE_DELAY_MS: '50',
      BETTING_WINDOW_MS: '5000',
    };
    const roles = [
      [webA, 'web'],
      [webB, 'web'],
      [runnerPort, 'runner'],
    ] as const;
    // Each process is stopped after the test even when another one failed to start.
    await Promise.all(
      roles.map(async ([port, role]) => {
        const server = await startServerProcess({ ...env, PORT: String(port), ROLE: role });
        cleanups.add(() => stopServerProcess(server));
      }),
    );
    // The upstream lists the web processes only, as DEPLOY.md says.
    const proxy = await startNginx(nginx!, { listenPort, upstreamPorts: [webA, webB] });
    cleanups.add(proxy.stop);

    const cookie = await signInOverHttp(proxy.base, origin, '127.0.0.1');
    await insertQuickAgents(db);
    const announced = async () =>
      (await db.query<{ id: string }>(`select id from matches where status = 'scheduled'`)).rows;
    await expect.poll(announced, { timeout: 20_000 }).toHaveLength(1);
    const matchId = (await announced())[0]!.id;

    // nginx spreads the watchers round-robin: some on each web process.
    const watching = Array.from({ length: WATCHERS }, () =>
      watchToTheEnd(`${proxy.base}/api/matches/${matchId}/events`, { stopped: cleanups.ended }),
    );
    for (const watcher of watching) watcher.catch(() => {});
    const bet = await httpRequest(`${proxy.base}/api/bets`, {
      method: 'POST',
      headers: { cookie, origin, 'content-type': 'application/json' },
      body: JSON.stringify({ matchId, side: 'second', amount: 10, idempotencyKey: 'nginx-roles' }),
    });
    expect(bet.status, bet.body).toBe(201);
    const seen = await Promise.all(watching);

    const { rows: moves } = await db.query<{ ply: number; owner: string }>(
      'select ply, owner from match_moves where match_id = $1 order by ply',
      [matchId],
    );
    expect(moves.length).toBeGreaterThan(0);
    expect(moves.every((move) => move.owner.endsWith(`:${runnerPort}`))).toBe(true);
    for (const watcher of seen) expect(watcher.plies).toEqual(moves.map((move) => move.ply));
    const { rows: bets } = await db.query<{ status: string }>(
      'select status from bets where match_id = $1',
      [matchId],
    );
    // Placed through nginx on a web process, settled by the runner when the match ended.
    expect(bets).toHaveLength(1);
    expect(['won', 'lost', 'refunded']).toContain(bets[0]?.status);
  }, 180_000);
});
