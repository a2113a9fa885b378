import { afterEach, describe, expect, it } from 'vitest';
import { matchListResponseSchema } from '#core/protocol/matches.ts';
import { moveEventSchema } from '#core/protocol/matchMoves.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import { type OwnPostgres, startOwnPostgres } from '#server/testing/ownPostgres.ts';
import {
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { openSse } from '#server/testing/sseReader.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';

/** What a watcher saw of one match, across however many connections it took. */
interface Watched {
  plies: number[];
  result: string | null;
  connections: number;
}

/**
 * Follows a match's event stream as a browser's EventSource does: when the stream ends before the
 * result, it waits the server's retry delay and reconnects with the last event id it saw.
 */
async function watch(url: string, deadline: number): Promise<Watched> {
  const watched: Watched = { plies: [], result: null, connections: 0 };
  while (Date.now() < deadline && !watched.result) {
    const lastId = watched.plies.at(-1) ?? 0;
    const stream = await openSse(url, { 'last-event-id': String(lastId) }).catch(() => null);
    if (stream) {
      watched.connections++;
      for (;;) {
        const event = await stream.next().catch(() => null);
        if (!event) break;
        if (event.event === 'move')
          watched.plies.push(moveEventSchema.parse(JSON.parse(event.data)).ply);
        if (event.event === 'result') {
          watched.result = event.data;
          stream.close();
        }
      }
    }
    if (!watched.result) await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return watched;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a PostgreSQL restart under a running server',
  () => {
    let postgres: OwnPostgres | undefined;
    let server: ServerProcess | undefined;
    afterEach(async () => {
      if (server) await stopServerProcess(server, 'SIGKILL');
      await postgres?.destroy();
    });

    it('loses no move, settles once, keeps the process up, and watchers get every move', async () => {
      postgres = await startOwnPostgres();
      const db = await openDatabase({ databaseUrl: postgres.url, dataDir: '' });
      await migrate(db);
      await syncRoster(db);
      await db.query('update agents set hidden = true');
      await insertQuickAgents(db);
      await db.close();

      server = await startServerProcess({
        DATABASE_URL: postgres.url,
        LIVE_MATCHES: '2',
        // Connect Four's short matches end within the deadline at this pace; the restart is the
        // same for every game (restart.test.ts resumes each).
        LIVE_GAMES: 'connect4',
        MOVE_DELAY_MS: '400',
        BETTING_WINDOW_MS: '0',
      });
      const base = server.base;
      let live: { id: string; moves: string }[] = [];
      for (let attempt = 0; attempt < 200 && live.length < 2; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        live = matchListResponseSchema.parse(
          await (await fetch(`${base}/api/matches?status=live`)).json(),
        ).items;
      }
      expect(live).toHaveLength(2);
      const deadline = Date.now() + 120_000;
      const watchers = live.map((match) =>
        watch(`${base}/api/matches/${match.id}/events`, deadline),
      );

      // Down for three seconds while both matches are being played and watched.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await postgres.restart(3_000);

      const watched = await Promise.all(watchers);
      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.child.signalCode).toBeNull();

      const check = await openDatabase({ databaseUrl: postgres.url, dataDir: '' });
      try {
        for (const [index, match] of live.entries()) {
          const seen = watched[index]!;
          const { rows } = await check.query<{ moves: string; status: string }>(
            'select moves, status from matches where id = $1',
            [match.id],
          );
          const { rows: plies } = await check.query<{ ply: number }>(
            'select ply from match_moves where match_id = $1 order by ply',
            [match.id],
          );
          expect(rows[0]?.status).toBe('finished');
          const stored = rows[0]!.moves.length;
          // The database: plies 1..n, each once. The watcher: the same plies, in order, once each.
          expect(plies.map((row) => row.ply)).toEqual(
            Array.from({ length: stored }, (_, i) => i + 1),
          );
          expect(seen.plies).toEqual(Array.from({ length: stored }, (_, i) => i + 1));
          expect(seen.result).not.toBeNull();
        }
        const { rows: settlements } = await check.query<{ match_id: string; count: number }>(
          'select match_id, count(*)::int as count from match_settlements group by match_id',
        );
        const { rows: finished } = await check.query<{ id: string }>(
          `select id from matches where status = 'finished'`,
        );
        expect(settlements.every((row) => row.count === 1)).toBe(true);
        expect(settlements.map((row) => row.match_id).sort()).toEqual(
          finished.map((r) => r.id).sort(),
        );
        const { rows: ratings } = await check.query<{ count: number }>(
          'select count(*)::int as count from rating_history group by match_id',
        );
        expect(ratings.map((row) => row.count)).toEqual(finished.map(() => 2));
        // And the runner is still at work: new matches keep starting after the restart.
        const { rows: after } = await check.query<{ count: number }>(
          'select count(*)::int as count from matches where id <> all($1)',
          [live.map((match) => match.id)],
        );
        expect(after[0]?.count).toBeGreaterThan(0);
      } finally {
        await check.close();
      }
    }, 240_000);
  },
);
