import type { Scheduler } from './scheduler.ts';

/** What the loop runs, and how the runner tracks it. */
export interface TakeoverWork {
  /** Takes over the matches of gone owners and plays them. */
  takeOver(): Promise<void>;
  /** Whether the runner still runs: a stopped one looks no more. */
  running(): boolean;
  /** Hands the work to the runner, which waits for it when it stops. */
  track(work: Promise<unknown>): void;
}

/**
 * Looks for a dead process's matches every `periodMs`, apart from the sweep: a dead owner's
 * matches are found within one period of its death (its presence lock freed), where the sweep's
 * renewals of every owned row run at their own slower pace. One look at a time; a failed one
 * (the database is away) is simply tried again at the next period.
 */
export class TakeoverLoop {
  private timer: unknown = null;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly periodMs: number,
    private readonly work: TakeoverWork,
  ) {}

  /** Looks after one period, then every period until cancelled. */
  start(): void {
    this.cancel();
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      const look = this.work
        .takeOver()
        .catch(() => undefined)
        .finally(() => {
          if (this.work.running() && !this.timer) this.start();
        });
      this.work.track(look);
    }, this.periodMs);
  }

  /** Cancels the look waiting to run. */
  cancel(): void {
    if (this.timer) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }
}
