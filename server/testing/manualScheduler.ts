import type { Scheduler } from '#server/modules/matches/runner/scheduler.ts';

/** A clock the test moves by hand; timers never fire, the test drives sweeps and moves. */
export function manualScheduler(startMs: number): Scheduler & { advance(ms: number): void } {
  let now = startMs;
  return {
    now: () => now,
    setTimeout: () => null,
    clearTimeout: () => {},
    advance(ms) {
      now += ms;
    },
  };
}
