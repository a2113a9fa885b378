import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { insertMatch } from '#server/modules/matches/store/matchCreation.ts';
import { takeOverMatches } from '#server/modules/matches/store/matchLeases.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { PresenceHolder } from './presenceHolder.ts';

const MINUTE_MS = 60_000;

// A process killed mid-match left its matches still for their 15 s lease. Now the others see at
// once that it is gone, on PostgreSQL by its presence lock, freed when its connection closes, on
// PGlite (one process) by its owner id being none this process's runners hold.
describe.each(testDatabaseKinds())('a gone owner’s matches on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await db.query(`insert into agents (id, name, traits) values ('pa', 'pa', '{}'), ('pb', 'pb', '{}')
      on conflict do nothing`);
  });
  afterAll(() => db?.close());

  /** A live match of `owner` whose lease runs a minute more. */
  const matchOf = async (owner: string) => {
    const id = randomUUID();
    const now = new Date();
    await db.transaction((tx) =>
      insertMatch(
        tx,
        { id, game: 'connect4', firstId: 'pa', secondId: 'pb', seed: 1, owner },
        now,
        new Date(now.getTime() + MINUTE_MS),
      ),
    );
    return id;
  };

  /** What `taker` takes over now, of `ids`. */
  const takenBy = async (taker: PresenceHolder, ids: string[]) => {
    const now = Date.now();
    const taken = await takeOverMatches(
      db,
      'taker',
      new Date(now),
      new Date(now + MINUTE_MS),
      taker.liveness(),
    );
    return taken.filter((id) => ids.includes(id));
  };

  it('are taken over at once, while a live owner’s wait for their lease', async () => {
    const taker = new PresenceHolder(db, 'taker');
    expect(await taker.hold()).toBe(true);
    // The live owner runs in a process of its own: on PostgreSQL a connection of its own.
    const { rows } = await db.query<{ schema: string }>('select current_schema() as schema');
    const schema = rows[0]?.schema ?? 'public';
    const elsewhere =
      kind === 'postgres'
        ? await openDatabase({
            databaseUrl: process.env.TEST_DATABASE_URL ?? '',
            dataDir: '',
            schema,
          })
        : db;
    const live = new PresenceHolder(elsewhere, 'live-owner');
    expect(await live.hold()).toBe(true);
    const [liveMatch = '', goneMatch = ''] = [
      await matchOf('live-owner'),
      await matchOf('gone-owner'),
    ];

    expect(await takenBy(taker, [liveMatch, goneMatch])).toEqual([goneMatch]);
    expect(await takenBy(taker, [liveMatch])).toEqual([]);
    if (kind === 'postgres') {
      // A second process under the live owner's id (restarted too early) holds nothing yet.
      expect(await new PresenceHolder(db, 'live-owner').hold()).toBe(false);
      // Killed: its connection closes, and the lock with it.
      await elsewhere.close();
    } else {
      await live.release();
    }
    await expect.poll(() => takenBy(taker, [liveMatch])).toEqual([liveMatch]);
    // Its restarted process shows itself alive again.
    if (kind === 'postgres') expect(await new PresenceHolder(db, 'live-owner').hold()).toBe(true);
  });
});

// Tests open many embedded databases in one process (and the server suite shares its processes
// between files): an owner held on one is no sign of life on another, and shares none of its
// live target. Before, the owners were the process's: a runner left on another database kept a
// gone owner's matches from being taken over, and halved a lone runner's share.
describe('owners held on another embedded database', () => {
  it('are not alive on this one', async () => {
    const [here, there] = [await openTestDatabase('pglite'), await openTestDatabase('pglite')];
    try {
      const elsewhere = new PresenceHolder(there, 'owner-elsewhere');
      expect(await elsewhere.hold()).toBe(true);
      const local = new PresenceHolder(here, 'owner-here');
      expect(await local.hold()).toBe(true);
      expect(local.liveness()).toEqual({ by: 'list', owners: ['owner-here'] });
      expect(elsewhere.liveness()).toEqual({ by: 'list', owners: ['owner-elsewhere'] });
      await local.release();
      expect(local.liveness()).toEqual({ by: 'list', owners: [] });
    } finally {
      await Promise.all([here.close(), there.close()]);
    }
  });
});
