import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import type { Database } from './database.ts';
import { migrate } from './migrate.ts';

describe.each(testDatabaseKinds())('database on %s', (kind) => {
  let db: Database;
  beforeEach(async () => {
    db = await openTestDatabase(kind);
  });
  afterEach(async () => {
    await db.close();
  });

  it('reports its kind and runs parameterised queries', async () => {
    expect(db.kind).toBe(kind);
    const { rows } = await db.query<{ sum: number }>('select ($1::int + $2::int) as sum', [2, 3]);
    expect(rows).toEqual([{ sum: 5 }]);
  });

  it('has applied the migrations once, and a second run applies nothing', async () => {
    const { rows } = await db.query<{ name: string }>(
      'select name from schema_migrations order by name',
    );
    expect(rows.map((row) => row.name)).toContain('0001_users.sql');
    expect(await migrate(db)).toEqual([]);
  });

  it('lets the event loop run while a queue of statements and transactions is worked off', async () => {
    // PGlite runs SQL on this thread; its queue alone would hold the loop until it is empty, and
    // sockets (new watchers, other requests) would go unread for as long.
    const queued = 200;
    let finished = 0;
    const work = Array.from({ length: queued }, (_, index) =>
      (index % 2 === 0 ? db.query('select 1') : db.transaction((tx) => tx.query('select 1'))).then(
        () => finished++,
      ),
    );
    const finishedWhenATimerRan = await new Promise<number>((resolve) =>
      setTimeout(() => resolve(finished), 0),
    );
    await Promise.all(work);
    expect(finished).toBe(queued);
    expect(finishedWhenATimerRan).toBeLessThan(queued / 2);
  });

  it('commits a transaction that resolves and rolls back one that throws', async () => {
    await db.exec('create table notes (text text not null)');
    await db.transaction((tx) => tx.query("insert into notes values ('kept')"));
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into notes values ('dropped')");
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const { rows } = await db.query<{ text: string }>('select text from notes');
    expect(rows).toEqual([{ text: 'kept' }]);
  });

  it('delivers NOTIFY payloads to listeners until they unsubscribe', async () => {
    const received: string[] = [];
    let delivered: () => void = () => undefined;
    const unsubscribe = await db.listen('match_events', (payload) => {
      received.push(payload);
      delivered();
    });
    await new Promise<void>((resolve) => {
      delivered = resolve;
      void db.notify('match_events', 'move 4');
    });
    await unsubscribe();
    await db.notify('match_events', 'after unsubscribe');
    // A round trip after the second NOTIFY: had it been delivered, it would be delivered by now.
    await db.query('select 1');
    expect(received).toEqual(['move 4']);
  });
});
