import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import { until } from '#server/testing/multiProcess.ts';
import {
  createScratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';

/** The runner's lease (matchRunner.ts): what a dead process's matches waited out before. */
const LEASE_MS = 15_000;

/** A live match and its lease as it stood when its owner was stopped. */
interface Held {
  id: string;
  lease_until: Date;
}

// The pace (a move every 1.5 s): a process killed mid-match let its matches stand still
// for the 15 s lease. Another process now sees at once that it is gone (its presence lock freed
// with its connection) and plays on: the next move comes before the dead owner's lease would have
// run out, which no process could play before (a lease is renewed to 15 s ahead at every move).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'another process takes a stopped one’s matches over',
  () => {
    const servers: ServerProcess[] = [];
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    for (const signal of ['SIGKILL', 'SIGTERM'] as const) {
      it(`after ${signal}, plays the next move before the stopped one’s lease would end`, async () => {
        const scratch = await createScratchDatabase(
          process.env.TEST_DATABASE_URL!,
          'gridmind_take',
        );
        cleanups.push(scratch.drop);
        const db: Database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
        cleanups.push(() => db.close());
        await migrate(db);
        await syncRoster(db);
        await db.query('update agents set hidden = true');
        await insertQuickAgents(db);
        const env = {
          DATABASE_URL: scratch.url,
          LIVE_MATCHES: '2',
          LIVE_GAMES: 'connect4',
          MOVE_DELAY_MS: '1500',
          BETTING_WINDOW_MS: '0',
        };
        // A alone seats both matches; B, started once A plays, has none of its own to play.
        const a = await startServerProcess(env);
        servers.push(a);
        // The owner id is host:port.
        const ownerA = `%:${new URL(a.base).port}`;
        const liveOfA = async () => {
          const { rows } = await db.query<Held>(
            `select id, lease_until from matches
           where status = 'live' and owner like $1 and moves <> ''`,
            [ownerA],
          );
          return rows.length > 0 ? rows : null;
        };
        await until('A to play a match', liveOfA);
        const b = await startServerProcess(env);
        servers.push(b);
        // B is ready, so warm: its engines' threads have loaded, as a process running for a
        // while has them (a fresh one's first move waits seconds for them on a busy machine).
        await until('B to be ready', async () =>
          (await fetch(`${b.base}/api/health/ready`)).ok ? true : null,
        );
        // Read just before the signal: a clean stop clears the lease it hands over.
        const held = (await liveOfA()) ?? [];
        const stoppedAt = Date.now();
        // Each lease ran well past the signal: a move before it ended can only be a takeover's.
        for (const match of held)
          expect(+match.lease_until - stoppedAt).toBeGreaterThan(LEASE_MS / 2);
        await stopServerProcess(a, signal);
        if (signal === 'SIGTERM') expect(await a.exited, a.output()).toBe(0);

        let takenOver = 0;
        for (const match of held) {
          const next = await until(`B's first move in ${match.id}`, async () => {
            const { rows } = await db.query<{ played_at: Date | null; status: string }>(
              `select status, (select min(played_at) from match_moves
               where match_id = m.id and owner not like $2) as played_at
             from matches m where id = $1`,
              [match.id, ownerA],
            );
            const row = rows[0];
            return row?.played_at || row?.status !== 'live' ? (row ?? null) : null;
          });
          // A may have ended the match just before it stopped.
          if (!next.played_at) continue;
          takenOver++;
          expect(next.played_at.getTime()).toBeLessThan(match.lease_until.getTime());
          console.log(
            `takeover after ${signal}: B moved ${next.played_at.getTime() - stoppedAt} ms after the signal; A's lease had ${match.lease_until.getTime() - stoppedAt} ms to run`,
          );
        }
        expect(takenOver).toBeGreaterThan(0);
      }, 240_000);
    }
  },
);
