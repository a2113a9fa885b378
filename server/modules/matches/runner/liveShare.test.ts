import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import {
  createMatchIfBelowTarget,
  insertMatch,
} from '#server/modules/matches/store/matchCreation.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { PresenceHolder } from './presenceHolder.ts';

const LIVE_TARGET = 3;

// The first runner to sweep seated the whole live target and replaced each of its matches the
// moment it ended, so a process started seconds later played nothing while the first lived. Each
// runner alive now keeps to its share: the target over the runners alive, rounded up.
describe.each(testDatabaseKinds())('the live target shared among runners on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await db.query(`insert into agents (id, name, traits) values ('sa', 'sa', '{}'), ('sb', 'sb', '{}')
      on conflict do nothing`);
  });
  afterAll(() => db?.close());

  /** Starts matches for `owner` until refused; returns how many it started. */
  const seatAll = async (owner: string, runner: PresenceHolder) => {
    let started = 0;
    for (;;) {
      const now = new Date();
      const id = await createMatchIfBelowTarget(
        db,
        { id: randomUUID(), game: 'connect4', firstId: 'sa', secondId: 'sb', seed: 1, owner },
        LIVE_TARGET,
        now,
        new Date(now.getTime() + 60_000),
        runner.liveness(),
      );
      if (!id) return started;
      started++;
    }
  };
  const finishOneOf = (owner: string) =>
    db.query(
      `update matches set status = 'finished', owner = null
       where id = (select id from matches where owner = $1 and status = 'live' limit 1)`,
      [owner],
    );

  it('a runner arriving late gets its share as the others’ matches end; one gone leaves its share to them', async () => {
    const first = new PresenceHolder(db, 'share-first');
    expect(await first.hold()).toBe(true);
    // Alone, the first seats the whole target.
    expect(await seatAll('share-first', first)).toBe(3);
    // The second runs in a process of its own: on PostgreSQL a connection of its own.
    const { rows } = await db.query<{ schema: string }>('select current_schema() as schema');
    const elsewhere =
      kind === 'postgres'
        ? await openDatabase({
            databaseUrl: process.env.TEST_DATABASE_URL ?? '',
            dataDir: '',
            schema: rows[0]?.schema ?? 'public',
          })
        : db;
    const second = new PresenceHolder(elsewhere, 'share-second');
    expect(await second.hold()).toBe(true);

    expect(await seatAll('share-second', second)).toBe(0);
    // Three over two runners: two each at most. A slot the first leaves above its share is the
    // second's; one below it, its own again (and the target holds the second back).
    await finishOneOf('share-first');
    expect(await seatAll('share-first', first)).toBe(0);
    expect(await seatAll('share-second', second)).toBe(1);
    await finishOneOf('share-first');
    expect(await seatAll('share-first', first)).toBe(1);
    expect(await seatAll('share-second', second)).toBe(0);

    // The second is gone (killed: its connection closes; its registration stays behind, and
    // counts no more): the whole target is the first's again.
    if (kind === 'postgres') await elsewhere.close();
    else await second.release();
    await finishOneOf('share-second');
    // Polled: PostgreSQL frees a closed connection's locks as its backend exits, which may come
    // just after the close returns. Until then the first is refused; then it seats the one slot.
    await expect.poll(() => seatAll('share-first', first)).toBe(1);
    await first.release();
  });

  it('counts no bot’s match toward the target: bots play on top of it', async () => {
    await db.query(`update matches set status = 'finished', owner = null
      where status in ('scheduled', 'live')`);
    await db.query(`insert into agents (id, name, traits, kind) values ('bot-share', 'bot-share',
      '{}', 'bot') on conflict do nothing`);
    await db.query(`insert into bots (agent_id, created_at) values ('bot-share', now())
      on conflict do nothing`);
    const now = new Date();
    await db.transaction((tx) =>
      insertMatch(
        tx,
        {
          id: randomUUID(),
          game: 'connect4',
          firstId: 'bot-share',
          secondId: 'sa',
          seed: 1,
          owner: 'share-bots',
        },
        now,
        new Date(now.getTime() + 60_000),
      ),
    );
    const alone = new PresenceHolder(db, 'share-bots');
    expect(await alone.hold()).toBe(true);
    expect(await seatAll('share-bots', alone)).toBe(LIVE_TARGET);
    await alone.release();
  });
});
