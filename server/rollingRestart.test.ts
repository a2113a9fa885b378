import { describe, expect, it } from 'vitest';
import { betRetryDelayMs, sendsBetAgain } from '#core/betting/betRetry.ts';
import { freePorts, scratchPlatformDatabase, testCleanups } from '#server/testing/multiProcess.ts';
import { httpRequest, signInOverHttp } from '#server/testing/nginxClients.ts';
import { findNginx, startNginx } from '#server/testing/nginxProcess.ts';
import { watchToTheEnd } from '#server/testing/nginxWatcher.ts';
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';

// docs/DEPLOY.md's rolling restart, done by a test: two processes on one PostgreSQL behind the
// shipped nginx.conf, each in turn stopped (SIGTERM), started again on its port and waited for
// until ready, while a crowd keeps betting through nginx and watchers follow the match.
const USERS = 40;
const WATCHERS = 12;

const nginx = findNginx();
const databaseUrl = process.env.TEST_DATABASE_URL;

/** Loopback addresses of the crowd: each client its own, as on the internet. */
const clientAddress = (index: number) => `127.0.3.${1 + index}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!nginx || !databaseUrl)('a rolling restart behind nginx', () => {
  const cleanups = testCleanups();

  it('loses no bet, doubles none, and every watcher and the match go on', async () => {
    const scratch = await scratchPlatformDatabase(cleanups, 'gridmind_rolling', {
      roster: 'hidden',
    });
    const { db } = scratch;
    const [listenPort, ...ports] = await freePorts(3);
    const origin = `http://127.0.0.1:${listenPort}`;
    const env = {
      DATABASE_URL: scratch.url,
      APP_ORIGIN: origin,
      TRUST_PROXY: '127.0.0.1',
      LIVE_MATCHES: '1',
      LIVE_GAMES: 'connect4',
      MOVE_DELAY_MS: '300',
      // Long enough for both restarts to fall inside it: bets are taken until the first move.
      BETTING_WINDOW_MS: '60000',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      BET_RATE_LIMIT_PER_MINUTE: '100000',
      // As shipped: a process listens, so nginx sends it traffic, only once warm.
      WARM_UP: 'on',
    };
    const start = (port: number) => startServerProcess({ ...env, PORT: String(port) });
    const servers: ServerProcess[] = await Promise.all(ports.map(start));
    cleanups.add(async () => {
      for (const server of servers) await stopServerProcess(server, 'SIGKILL');
    });
    const proxy = await startNginx(nginx!, { listenPort, upstreamPorts: ports });
    cleanups.add(proxy.stop);

    const cookies = await Promise.all(
      Array.from({ length: USERS }, (_, index) =>
        signInOverHttp(proxy.base, origin, clientAddress(index)),
      ),
    );
    await insertQuickAgents(db);
    const announced = async () =>
      (await db.query<{ id: string }>(`select id from matches where status = 'scheduled'`)).rows;
    await expect.poll(announced, { timeout: 20_000 }).toHaveLength(1);
    const matchId = (await announced())[0]!.id;

    const watching = Array.from({ length: WATCHERS }, () =>
      watchToTheEnd(`${proxy.base}/api/matches/${matchId}/events`, { stopped: cleanups.ended }),
    );
    for (const watcher of watching) watcher.catch(() => {});

    // The crowd bets the whole time, each bet sent again under its idempotency key exactly as
    // the betting panel does (core/betting/betRetry.ts): a bet the page would give up on fails
    // the test, with every answer it was given and what the restarts were doing meanwhile.
    const retried: number[] = [];
    const sent: { key: string; side: string; amount: number }[] = [];
    const began = Date.now();
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`${Date.now() - began} ms ${what}`);
    const bet = async (index: number, round: number) => {
      const body = {
        matchId,
        side: index % 2 === 0 ? 'first' : 'second',
        amount: 1 + (index % 5),
        idempotencyKey: `rolling-${round}-${index}`,
      };
      sent.push({ key: body.idempotencyKey, side: body.side, amount: body.amount });
      const answers: string[] = [];
      for (let failures = 1; ; failures++) {
        const asked = Date.now() - began;
        let failure = '';
        const answer = await httpRequest(`${proxy.base}/api/bets`, {
          method: 'POST',
          localAddress: clientAddress(index),
          headers: { cookie: cookies[index]!, origin, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }).catch((error: Error) => {
          failure = error.message;
          return null;
        });
        if (answer?.status === 201 || answer?.status === 200) return;
        answers.push(
          `${asked}–${Date.now() - began} ms: ${answer ? `${answer.status} ${answer.body.slice(0, 160)}` : failure}`,
        );
        if (!sendsBetAgain(failures, answer?.status ?? null)) {
          throw new Error(
            `bet ${body.idempotencyKey} not acknowledged, as a page would give up:\n${answers.join('\n')}\n` +
              `restarts:\n${timeline.join('\n')}\nnginx:\n${(await proxy.errorLog()).slice(-4000)}`,
          );
        }
        retried.push(answer?.status ?? 0);
        await sleep(betRetryDelayMs(failures));
      }
    };
    let restarting = true;
    const rush = (async () => {
      for (let round = 0; restarting; round++) {
        await Promise.all(cookies.map((_, index) => bet(index, round)));
        await sleep(500);
      }
    })();

    // One process after the other: stopped cleanly, started on its port, ready before the next.
    for (const [index, port] of ports.entries()) {
      mark(`stopping process ${index}`);
      await stopServerProcess(servers[index]!, 'SIGTERM');
      expect(await servers[index]!.exited, servers[index]!.output()).toBe(0);
      mark(`process ${index} stopped; starting it again`);
      servers[index] = await start(port);
      mark(`process ${index} listening`);
      await expect
        .poll(async () => (await fetch(`${servers[index]!.base}/api/health/ready`)).status, {
          timeout: 60_000,
        })
        .toBe(200);
      mark(`process ${index} ready`);
    }
    restarting = false;
    await rush;
    const { rows: window } = await db.query<{ status: string }>(
      'select status from matches where id = $1',
      [matchId],
    );
    // The rush and both restarts fell inside the betting window, or the machine was too slow.
    expect(window[0]?.status).toBe('scheduled');

    const seen = await Promise.all(watching);
    const { rows: moves } = await db.query<{ ply: number }>(
      'select ply from match_moves where match_id = $1 order by ply',
      [matchId],
    );
    const { rows: ended } = await db.query<{ status: string }>(
      'select status from matches where id = $1',
      [matchId],
    );
    expect(ended[0]?.status).toBe('finished');
    for (const watcher of seen) expect(watcher.plies).toEqual(moves.map((move) => move.ply));
    console.log(
      `rolling restart: ${sent.length} bets, ${retried.length} answers sent again (${[
        ...new Set(retried),
      ]
        .map(
          (status) => `${status || 'reset'}×${retried.filter((other) => other === status).length}`,
        )
        .join(
          ', ',
        )}), ${seen.reduce((sum, watcher) => sum + watcher.reconnects, 0)} watchers' reconnections`,
    );

    // A stopping process served the requests that still reached it (drainOnClose.ts): before,
    // 20–40 bets a run were answered 503. (A bet whose connection closed as it left is sent to
    // the other process by nginx itself, deploy/nginx.conf; a 502 stays possible when neither
    // answers, and the page sends it again.)
    expect(retried.filter((status) => status === 503)).toEqual([]);

    // Every bet once, as sent, with its one ledger row.
    const { rows: stored } = await db.query<{ key: string; side: string; amount: number }>(
      `select b.idempotency_key as key, b.side, b.amount::int as amount
       from bets b where b.match_id = $1
         and (select count(*) from ledger_entries l where l.bet_id = b.id and l.kind = 'bet') = 1`,
      [matchId],
    );
    const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : 1);
    expect(stored.sort(byKey)).toEqual(sent.sort(byKey));
  }, 300_000);
});
