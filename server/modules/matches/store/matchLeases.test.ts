import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '#server/db/database.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { insertMatch } from './matchCreation.ts';
import { claimMatches, renewLeases } from './matchLeases.ts';

const OWNER = 'lease-order-test';

// A batch of bots' moves locks its match rows in id order; the runner's lease statements, which
// touch every row it owns, locked them in the order they found them, and the two deadlocked
// (PostgreSQL broke it after its 1 s deadlock_timeout, every move of the batch waiting). Only
// PostgreSQL runs statements side by side.
describe.skipIf(!process.env.TEST_DATABASE_URL)('lease statements on postgres', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Two live matches of OWNER whose ids sort the other way from the order they are stored in. */
  const twoMatches = async () => {
    const suffix = randomUUID();
    const [first, second] = [`first-${suffix}`, `second-${suffix}`];
    for (const agent of [first, second]) {
      await db.query(`insert into agents (id, name, traits) values ($1, $1, '{}')`, [agent]);
    }
    const ids = [`b-${suffix}`, `a-${suffix}`];
    for (const id of ids) {
      const now = new Date();
      await db.transaction((tx) =>
        insertMatch(
          tx,
          { id, game: 'connect4', firstId: first, secondId: second, seed: 1, owner: OWNER },
          now,
          new Date(now.getTime() + 60_000),
        ),
      );
    }
    return ids.toSorted();
  };

  /** Whether a lease statement is waiting for a row lock now. */
  const leaseStatementWaits = async () => {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'
         and query like '%update matches%lease_until%'`,
    );
    return (rows[0]?.waiting ?? 0) > 0;
  };

  /** Which of `ids` OWNER holds with a lease extended by the statement under test. */
  const leasedToOwner = async (ids: string[]) => {
    const { rows } = await db.query<{ id: string }>(
      `select id from matches
        where owner = $1 and id = any($2) and lease_until > now() + interval '90 seconds'`,
      [OWNER, ids],
    );
    return rows;
  };

  for (const [name, lease] of [
    ['renewing', (q: Queryable) => renewLeases(q, OWNER, new Date(Date.now() + 120_000))],
    [
      'claiming',
      (q: Queryable) =>
        claimMatches(q, OWNER, new Date(), new Date(Date.now() + 120_000), { by: 'lock' }),
    ],
  ] as const) {
    it(`${name} leases locks the rows in id order, as a batch of moves does`, async () => {
      const [low = '', high = ''] = await twoMatches();
      let leased: Promise<unknown> = Promise.resolve();
      await db.transaction(async (tx) => {
        await tx.query('select id from matches where id = $1 for update', [low]);
        leased = lease(db);
        await expect.poll(leaseStatementWaits).toBe(true);
        // In id order, the lease statement waits on the first row holding none: this lock is free.
        await tx.query('select id from matches where id = $1 for update', [high]);
      });
      await leased;
      expect(await leasedToOwner([low, high])).toHaveLength(2);
    });

    it(`${name} leases waits for no bet's key-share lock on its match`, async () => {
      const [low = '', high = ''] = await twoMatches();
      await db.transaction(async (bet) => {
        // what every bet in flight holds on its match (placeBet.ts, placeBets.ts)
        await bet.query('select id from matches where id = $1 for key share', [low]);
        // Were the lease to wait for the lock held above, the bound makes it fail, not hang.
        await db.transaction(async (tx) => {
          await tx.query("set local lock_timeout = '5s'");
          await lease(tx);
        });
        expect(await leasedToOwner([low, high])).toHaveLength(2);
      });
    });
  }
});
