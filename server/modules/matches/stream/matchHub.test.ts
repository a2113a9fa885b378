import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { manualScheduler } from '#server/testing/manualScheduler.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { MatchHub, type MatchWatcher } from './matchHub.ts';

const HEARTBEAT_MS = 10_000;

/** A watcher that keeps the spectator totals it was told. */
function countingWatcher(): MatchWatcher & { totals: number[] } {
  const totals: number[] = [];
  return {
    totals,
    event: (notification, spectators) => {
      if (notification.kind === 'spectators') totals.push(spectators);
    },
    resync: () => {},
  };
}

describe.each(testDatabaseKinds())('spectator counts across processes on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db?.close());

  /** Heartbeats, then a round trip so the NOTIFYs sent are delivered to the listeners. */
  async function beat(...hubs: MatchHub[]) {
    for (const hub of hubs) await hub.heartbeat();
    await db.query('select 1');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  it('counts every process, and forgets a process that stopped announcing', async () => {
    const clock = manualScheduler(Date.parse('2026-01-01T00:00:00Z'));
    const options = { scheduler: clock, heartbeatMs: HEARTBEAT_MS };
    const gone = new MatchHub(db, 'process-gone', options);
    const alive = new MatchHub(db, 'process-alive', options);
    const steady = new MatchHub(db, 'process-steady', options);
    await Promise.all([gone.start(), alive.start(), steady.start()]);
    const match = `hub-${kind}`;
    gone.subscribe(match, countingWatcher());
    gone.subscribe(match, countingWatcher());
    steady.subscribe(match, countingWatcher());
    const watcher = countingWatcher();
    alive.subscribe(match, watcher);
    await beat(gone, alive, steady);
    expect(alive.spectators(match)).toBe(4);
    expect(gone.spectators(match)).toBe(4);

    // The process dies without a goodbye: its count holds for three heartbeats, then goes.
    await gone.stop();
    clock.advance(2 * HEARTBEAT_MS);
    await beat(alive, steady);
    expect(alive.spectators(match)).toBe(4);
    clock.advance(2 * HEARTBEAT_MS);
    await beat(alive, steady);
    expect(alive.spectators(match)).toBe(2);
    // The watcher was told the new total by the heartbeat, without any other event.
    expect(watcher.totals.at(-1)).toBe(2);

    // A process that keeps announcing is never forgotten.
    clock.advance(10 * HEARTBEAT_MS);
    await beat(steady);
    expect(alive.spectators(match)).toBe(2);
    await Promise.all([alive.stop(), steady.stop()]);
  });
});
