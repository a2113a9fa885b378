import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { splitPrizes } from '#core/tournaments/prizes.ts';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { changeUserBalance } from '#server/db/stores/ledgerWriter.ts';
import { syncRoster } from '#server/db/stores/syncRoster.ts';
import { enterTournament } from '#server/modules/tournaments/entries.ts';
import { insertOwnedAgent } from '#server/testing/economyFixtures.ts';
import {
  createScratchDatabase,
  freePort,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';
import { SETTLEMENT_PAUSED } from '#server/testing/settlementPause.ts';
import { insertQuickAgents } from '#server/testing/testAgents.ts';
import { copyMigratedPglite, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import {
  assertEveryGameOnce,
  quickRoundRobin,
  storedGames,
} from '#server/testing/tournamentRunnerKit.ts';

async function waitFor<T>(what: string, probe: () => Promise<T | null> | T | null): Promise<T> {
  for (let attempt = 0; attempt < 1_800; attempt++) {
    const value = await probe();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** A user with its welcome grant through the ledger, and a custom agent it owns; their ids. */
async function ownerWithAgent(db: Database): Promise<{ userId: string; agentId: string }> {
  const userId = await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into users (address, nickname, balance) values ($1, 'Settler', 0)
       returning id::text as id`,
      [`0x${'5e'.repeat(20)}`],
    );
    const id = rows[0]!.id;
    await changeUserBalance(tx, id, 1_000n, {
      kind: 'welcome',
      reason: 'Welcome',
      now: new Date(),
    });
    return id;
  });
  return { userId, agentId: await insertOwnedAgent(db, userId, 'custom') };
}

/** What the settlement wrote: the prize rows, the house's prize, the places, the tournament. */
async function settlement(db: Database, id: string) {
  const { rows: ledger } = await db.query<{
    kind: string;
    agent_id: string | null;
    amount: string;
  }>(
    `select kind, agent_id, amount::text as amount from ledger_entries
     where tournament_id = $1 and kind in ('prize', 'house_prize') order by id`,
    [id],
  );
  const { rows: places } = await db.query<{ agent_id: string; place: number | null }>(
    `select agent_id, final_place as place from tournament_entrants where tournament_id = $1
     order by agent_id`,
    [id],
  );
  const { rows: status } = await db.query<{ status: string }>(
    'select status from tournaments where id = $1',
    [id],
  );
  return { ledger, places, status: status[0]?.status };
}

describe.each(testDatabaseKinds())('a server killed in a tournament settlement on %s', (kind) => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('pays nothing then; restarted, pays the prizes exactly once and writes the places', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gridmind-settle-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      DATA_DIR: join(dir, 'data'),
      LIVE_MATCHES: '1',
      LIVE_GAMES: 'connect4',
      MOVE_DELAY_MS: '20',
      BETTING_WINDOW_MS: '0',
    };
    if (kind === 'postgres') {
      const scratch = await createScratchDatabase(
        process.env.TEST_DATABASE_URL!,
        'gridmind_settle',
      );
      cleanups.push(scratch.drop);
      env.DATABASE_URL = scratch.url;
    } else {
      await copyMigratedPglite(env.DATA_DIR!);
    }
    // The embedded database has one owner at a time: the test opens it only while no server runs.
    const open = async () => {
      const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
      return db;
    };

    let db = await open();
    await migrate(db);
    await syncRoster(db);
    // Casual matches between quick agents only; the tournament's engines think 100 ms at most.
    await db.query('update agents set hidden = true');
    await insertQuickAgents(db);
    const startsAt = new Date(Date.now() - 1_000);
    const id = await quickRoundRobin(db, startsAt, ['pip'], 10);
    const owner = await ownerWithAgent(db);
    // Entered (the fee paid through the ledger) as at a moment before the start.
    await enterTournament(db, {
      tournamentId: id,
      agentId: owner.agentId,
      userId: owner.userId,
      isAdmin: false,
      now: new Date(startsAt.getTime() - 60_000),
    });
    await db.close();

    const first = await startServerProcess(env, [], ['server/testing/pauseSettlement.ts']);
    servers.push(first);
    await waitFor('the settlement to be held before its commit', () =>
      first.output().includes(SETTLEMENT_PAUSED) ? true : null,
    );
    await stopServerProcess(first, 'SIGKILL');

    // Killed with the settlement's work done but not committed: nothing of it is there.
    db = await open();
    const killed = await settlement(db, id);
    expect(killed.status).toBe('live');
    expect(killed.ledger).toEqual([]);
    expect(killed.places.map((entrant) => entrant.place)).toEqual([null, null]);
    expect(await ledgerHealth(db)).toMatchObject({ heldEntryFees: 10, agrees: true });
    await db.close();

    const second = await startServerProcess(env);
    servers.push(second);
    await waitFor('the restarted server to settle the tournament', async () => {
      const response = await fetch(`${second.base}/api/tournaments/${id}`);
      const detail = tournamentDetailSchema.parse(await response.json());
      return detail.tournament.status === 'finished' ? true : null;
    });
    await stopServerProcess(second);

    db = await open();
    cleanups.push(() => db.close());
    const settled = await settlement(db, id);
    expect(settled.status).toBe('finished');
    const games = await storedGames(db, id);
    expect(games).toHaveLength(2);
    assertEveryGameOnce(games);
    // Places from the games' results; the pool (100 from the house, the owner's fee) paid once.
    const finishers = settled.places
      .map((entrant) => ({ id: entrant.agent_id, place: entrant.place ?? 0 }))
      .sort((a, b) => a.place - b.place);
    expect(finishers.every((finisher) => finisher.place >= 1)).toBe(true);
    const prizes = splitPrizes(110n, [70, 30], finishers);
    expect(settled.ledger.filter((row) => row.kind === 'house_prize')).toEqual([
      { kind: 'house_prize', agent_id: null, amount: '-100' },
    ]);
    expect(
      settled.ledger
        .filter((row) => row.kind === 'prize')
        .map((row) => [row.agent_id, row.amount])
        .sort(),
    ).toEqual([...prizes].map(([agentId, prize]) => [agentId, String(prize)]).sort());
    const { rows: balance } = await db.query<{ balance: string }>(
      'select balance::text as balance from users where id = $1',
      [owner.userId],
    );
    expect(balance[0]?.balance).toBe(String(990n + (prizes.get(owner.agentId) ?? 0n)));
    expect(await ledgerHealth(db)).toMatchObject({ heldEntryFees: 0, agrees: true });
  }, 300_000);
});
