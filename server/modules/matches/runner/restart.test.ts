import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import { replay } from '#core/games/replay.ts';
import { type MatchSummary, matchListResponseSchema } from '#core/protocol/matches.ts';
import { matchDetailSchema } from '#core/protocol/matchMoves.ts';
import { openDatabase } from '#server/db/database.ts';
import {
  createScratchDatabase,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { copyMigratedPglite, testDatabaseKinds } from '#server/testing/testDatabase.ts';

/** The runner's lease (matchRunner.ts). */
const LEASE_MS = 15_000;

/** Polls the child's API until `ready` accepts the live matches (the child plays on real time). */
async function waitForLive(
  base: string,
  ready: (matches: MatchSummary[]) => boolean,
): Promise<string[]> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${base}/api/matches?status=live`);
    const body = matchListResponseSchema.parse(await response.json());
    if (ready(body.items)) return body.items.map((item) => item.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not get there');
}

describe.each(testDatabaseKinds())('a server killed mid-match on %s', (kind) => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('resumes every match from its last stored move: none lost, none played twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gridmind-restart-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      DATA_DIR: join(dir, 'data'),
      LIVE_MATCHES: '1',
      MOVE_DELAY_MS: '20',
      BETTING_WINDOW_MS: '0',
    };
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(
        process.env.TEST_DATABASE_URL!,
        'gridmind_restart',
      );
      cleanups.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    } else {
      await copyMigratedPglite(env.DATA_DIR!);
    }
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = await startServerProcess(env);
    servers.push(first);
    // LIVE_MATCHES=1: one match of every game, each a few moves in.
    await waitForLive(
      base,
      (matches) => matches.length === GAME_IDS.length && matches.every((match) => match.plies >= 3),
    );
    await stopServerProcess(first, 'SIGKILL');

    // What the dead process had committed, read straight from the database.
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    const { rows } = await db.query<{
      id: string;
      moves: string;
      owner: string;
      lease_until: Date;
    }>(`select id, moves, owner, lease_until from matches where status = 'live'`);
    // A move takes at most its runner's deadline, twice the mover's think time (engineMove.ts).
    const deadlines = await db.query<{ id: string; deadline_ms: number }>(
      `select id, 2 * (traits->>'thinkTimeMs')::int as deadline_ms from agents`,
    );
    const deadlineOf = new Map(deadlines.rows.map((row) => [row.id, row.deadline_ms]));
    // PGlite is one process's: only PostgreSQL can be watched while the second server runs.
    if (kind !== 'postgres') await db.close();
    else cleanups.push(() => db.close());
    expect(rows).toHaveLength(GAME_IDS.length);

    // On another port, so under another owner id: the dead one's leases still run, yet its
    // matches are taken over at once (PostgreSQL: its presence lock went with its connection;
    // PGlite: no runner of the one process that opens the database holds that owner).
    const second = await startServerProcess({ ...env, PORT: String(await freePort()) });
    servers.push(second);
    const secondUpAt = Date.now();
    const before = new Map(rows.map((row) => [row.id, row]));
    // Checked only when the second process came up well before the leases ran out: a start-up
    // slowed by a busy machine may take longer than the lease.
    const leaseLeft = (leaseUntil: Date) => +leaseUntil - secondUpAt > LEASE_MS / 3;
    if (kind === 'postgres') {
      // The takeover itself: each match changes owner before the dead one's lease runs out.
      // (Its next move may come later: a strong engine thinks for seconds.)
      const seenTaken = new Map<string, number>();
      for (let attempt = 0; attempt < 2_400 && seenTaken.size < rows.length; attempt++) {
        const now = await db.query<{ id: string; owner: string | null; status: string }>(
          'select id, owner, status from matches where id = any($1)',
          [rows.map((row) => row.id)],
        );
        for (const row of now.rows) {
          const old = before.get(row.id)!;
          const taken = row.status !== 'live' || (row.owner !== null && row.owner !== old.owner);
          if (taken && !seenTaken.has(row.id)) seenTaken.set(row.id, Date.now());
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(seenTaken.size).toBe(rows.length);
      for (const [id, at] of seenTaken) {
        const { lease_until: leaseUntil } = before.get(id)!;
        if (leaseLeft(leaseUntil)) expect(at).toBeLessThan(+leaseUntil);
      }
    }
    await waitForLive(second.base, () => true);
    for (const [id, { moves, lease_until: leaseUntil }] of before) {
      let checked = false;
      for (let attempt = 0; attempt < 600 && !checked; attempt++) {
        const detail = matchDetailSchema.parse(
          await (await fetch(`${second.base}/api/matches/${id}`)).json(),
        );
        if (detail.moves.length > moves.length || detail.status !== 'live') {
          expect(detail.moves.startsWith(moves)).toBe(true);
          expect(detail.turns.map((turn) => turn.ply)).toEqual(detail.turns.map((_, i) => i + 1));
          const game = gameOf(detail.game);
          expect(game.encodeMoves(detail.turns.map((turn) => turn.move))).toBe(detail.moves);
          expect(() => replay(game, detail.moves)).not.toThrow();
          const [a, b] = detail.players;
          expect(detail.turns.map((turn) => turn.agentId)).toEqual(
            detail.turns.map((_, i) => (i % 2 === 0 ? a.agentId : b.agentId)),
          );
          // The first move after the kill, played by the second process.
          const resumed = detail.turns[game.decodeMoves(moves).length];
          // It was begun before that lease ran out: played within its deadline of the lease.
          if (resumed && leaseLeft(leaseUntil)) {
            const deadline = deadlineOf.get(resumed.agentId) ?? 0;
            expect(Date.parse(resumed.playedAt)).toBeLessThan(+leaseUntil + deadline);
          }
          checked = true;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(checked).toBe(true);
    }
  }, 240_000);
});
