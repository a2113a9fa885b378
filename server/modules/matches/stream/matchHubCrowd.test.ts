import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import type { Scheduler } from '#server/modules/matches/runner/scheduler.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';
import { MatchHub, type MatchWatcher } from './matchHub.ts';

const CROWD = 3_000;

/** A clock moved by hand whose timers fire when it passes them. */
function steppedClock(startMs: number): Scheduler & { advance(ms: number): void } {
  let now = startMs;
  const timers = new Set<{ at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout(callback, delayMs) {
      const timer = { at: now + delayMs, callback };
      timers.add(timer);
      return timer;
    },
    clearTimeout(handle) {
      timers.delete(handle as { at: number; callback: () => void });
    },
    advance(ms) {
      now += ms;
      for (const timer of [...timers].sort((a, b) => a.at - b.at)) {
        if (timer.at > now) continue;
        timers.delete(timer);
        timer.callback();
      }
    },
  };
}

describe('spectator totals for a crowd', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(() => db?.close());

  it('tells thousands of watchers their number at most every 0.2 ms each, then the latest', async () => {
    const clock = steppedClock(Date.parse('2026-01-01T00:00:00Z'));
    const options = { scheduler: clock, heartbeatMs: 60_000 };
    const crowdHub = new MatchHub(db, 'process-crowd', options);
    const otherHub = new MatchHub(db, 'process-other', options);
    await Promise.all([crowdHub.start(), otherHub.start()]);
    const match = 'crowd-match';
    const totals: number[] = [];
    const first: MatchWatcher = {
      event: (notification, spectators) => {
        if (notification.kind === 'spectators') totals.push(spectators);
      },
      resync: () => {},
    };
    crowdHub.subscribe(match, first);
    for (let i = 1; i < CROWD; i++)
      crowdHub.subscribe(match, { event: () => {}, resync: () => {} });

    /** Another process gains a viewer and says so; waits until the crowd's hub has heard it. */
    async function otherViewerJoins() {
      otherHub.subscribe(match, { event: () => {}, resync: () => {} });
      await otherHub.heartbeat();
      await db.query('select 1');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    await otherViewerJoins();
    expect(totals.at(-1)).toBe(CROWD + 1);
    const told = totals.length;
    // Two more changes within the crowd's spacing (3,000 × 0.2 ms = 600 ms): nobody is told yet.
    await otherViewerJoins();
    await otherViewerJoins();
    expect(totals.length).toBe(told);
    clock.advance(599);
    expect(totals.length).toBe(told);
    // Once the spacing has passed, one telling with the total as it is then.
    clock.advance(1);
    expect(totals.slice(told)).toEqual([CROWD + 3]);
    await Promise.all([crowdHub.stop(), otherHub.stop()]);
  });
});
