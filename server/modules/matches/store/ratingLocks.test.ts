import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { insertMatch } from './matchCreation.ts';
import { applyRatings } from './ratingUpdate.ts';

// Two matches of the same two agents ending at once: each end's move row takes a key-share lock
// on its mover through its foreign key before the rating locks both agents. A rating that locked
// them `for update` waited for the other end's key share while holding what that end wanted next
// (a deadlock, broken after PostgreSQL's 1 s deadlock_timeout). Only PostgreSQL runs them side by
// side.
describe.skipIf(!process.env.TEST_DATABASE_URL)('rating locks on postgres', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Whether a statement locking agents for a rating waits for a lock now. */
  const ratingWaits = async () => {
    const { rows } = await db.query<{ waiting: number }>(
      `select count(*)::int as waiting from pg_stat_activity
       where datname = current_database() and wait_event_type = 'Lock'
         and query like '%from agents where id = any%'`,
    );
    return (rows[0]?.waiting ?? 0) > 0;
  };

  it('rates two ends of the same agents at once, each holding its mover’s key share', async () => {
    const suffix = randomUUID();
    const [low, high] = [`a-${suffix}`, `b-${suffix}`];
    for (const agent of [low, high]) {
      await db.query(`insert into agents (id, name, traits) values ($1, $1, '{}')`, [agent]);
    }
    const matches = [`m1-${suffix}`, `m2-${suffix}`];
    for (const id of matches) {
      const now = new Date();
      await db.transaction((tx) =>
        insertMatch(
          tx,
          { id, game: 'connect4', firstId: low, secondId: high, seed: 1, owner: 'rating-test' },
          now,
          new Date(now.getTime() + 60_000),
        ),
      );
    }
    const rated = (id = '') => ({ id, game: 'connect4', firstAgentId: low, secondAgentId: high });
    const now = new Date();
    let secondHolds = () => {};
    const secondHolding = new Promise<void>((resolve) => {
      secondHolds = resolve;
    });
    let firstRated: Promise<void> = Promise.resolve();
    let firstStarted = () => {};
    const firstStarting = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    // The second end: its move was the higher agent's; it rates once the first is rating.
    const second = db.transaction(async (tx) => {
      await tx.query('select id from agents where id = $1 for key share', [high]);
      secondHolds();
      await firstStarting;
      await applyRatings(tx, rated(matches[1]), 'second', now);
    });
    // The first end: its move was the lower agent's.
    const first = db.transaction(async (tx) => {
      await secondHolding;
      await tx.query('select id from agents where id = $1 for key share', [low]);
      firstRated = applyRatings(tx, rated(matches[0]), 'first', now);
      // Either it rated at once, or it waits for the second end's key share.
      await Promise.race([firstRated, expect.poll(ratingWaits).toBe(true)]);
      firstStarted();
      await firstRated;
    });
    await Promise.all([first, second]);
    const { rows } = await db.query<{ wins: number; losses: number }>(
      'select wins, losses from agents where id = $1',
      [low],
    );
    expect(rows[0]).toEqual({ wins: 1, losses: 1 });
  });
});
