import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import {
  createScratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';
import {
  assertEveryGameOnce,
  FOUR_BUILT_INS,
  quickRoundRobin,
  storedGames,
} from '#server/testing/tournamentRunnerKit.ts';

async function waitFor<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  for (let attempt = 0; attempt < 1_800; attempt++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The owner of a live tournament game a few moves in: the process to kill. */
async function ownerOfLiveGame(db: Database, tournamentId: string): Promise<string | null> {
  const { rows } = await db.query<{ owner: string }>(
    `select m.owner from matches m
     where m.tournament_id = $1 and m.status = 'live' and m.owner is not null
       and (select count(*) from match_moves mm where mm.match_id = m.id) >= 3
     limit 1`,
    [tournamentId],
  );
  return rows[0]?.owner ?? null;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('a tournament on two server processes', () => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('goes on when the one playing a round is killed: no game lost or played twice, paid once', async () => {
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!, 'gridmind_tour');
    cleanups.push(scratch.drop);
    const db = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    cleanups.push(() => db.close());
    await migrate(db);
    await syncRoster(db);
    // Casual matches between quick agents only; the tournament's built-ins think 100 ms at most.
    await db.query('update agents set hidden = true');
    await insertQuickAgents(db);
    const id = await quickRoundRobin(db, new Date(Date.now() - 1_000), FOUR_BUILT_INS, 0);

    const env = {
      DATABASE_URL: scratch.url,
      LIVE_MATCHES: '1',
      LIVE_GAMES: 'connect4',
      MOVE_DELAY_MS: '20',
      BETTING_WINDOW_MS: '0',
    };
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    servers.push(a!, b!);
    const victimOwner = await waitFor('a tournament game a few moves in', () =>
      ownerOfLiveGame(db, id),
    );
    // The owner id is host:port.
    const victim = [a!, b!].find((server) => victimOwner.endsWith(`:${new URL(server.base).port}`));
    if (!victim) throw new Error(`no server owns ${victimOwner}`);
    await stopServerProcess(victim, 'SIGKILL');

    await waitFor('the tournament to finish', async () => {
      const { rows } = await db.query<{ status: string }>(
        'select status from tournaments where id = $1',
        [id],
      );
      return rows[0]?.status === 'finished' ? true : null;
    });
    const games = await storedGames(db, id);
    expect(games).toHaveLength(12);
    assertEveryGameOnce(games);
    // At least one game the killed process was playing was played on by the other.
    const { rows: shared } = await db.query<{ count: number }>(
      `select count(*)::int as count from matches m where m.tournament_id = $1
         and exists (select 1 from match_moves mm where mm.match_id = m.id and mm.owner = $2)
         and exists (select 1 from match_moves mm where mm.match_id = m.id and mm.owner <> $2)`,
      [id, victimOwner],
    );
    expect(shared[0]?.count).toBeGreaterThan(0);
    const { rows: paid } = await db.query<{ count: number }>(
      `select count(*)::int as count from ledger_entries
       where tournament_id = $1 and kind = 'house_prize'`,
      [id],
    );
    expect(paid[0]?.count).toBe(1);
    expect(await ledgerHealth(db)).toMatchObject({ agrees: true });
  }, 300_000);
});
