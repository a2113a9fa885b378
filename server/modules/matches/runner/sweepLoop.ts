import type { Scheduler } from './scheduler.ts';
import { nextSweepMs } from './sweepDelay.ts';

/** What the loop runs: a full sweep, or only the seating part, and how it tracks the work. */
export interface SweepWork {
  /** Renews leases, claims orphans and seats; resolves once the leases were renewed. */
  full(): Promise<void>;
  /** Seats only, under leases that run until `leaseUntil`. */
  seat(leaseUntil: Date): Promise<void>;
  /** Whether the runner still runs: a stopped one schedules nothing more. */
  running(): boolean;
  /** Hands the work to the runner, which waits for it when it stops. */
  track(work: Promise<unknown>): void;
}

/**
 * When the runner sweeps: one sweep at a time, at its pace, sooner when a slot frees (seating
 * only, while the leases are fresh), later while the database is away.
 */
export class SweepLoop {
  private timer: unknown = null;
  /** Sweeps failed in a row (the database is away): the next one waits longer. */
  private failed = 0;
  /** A sweep is under way, and something asked for another meanwhile. */
  private sweeping = false;
  private again = false;
  /** A full sweep is asked for; when the leases were last renewed (scheduler ms). */
  private fullAsked = false;
  private renewedAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly scheduler: Scheduler,
    private readonly sweepMs: number,
    private readonly leaseMs: number,
    private readonly work: SweepWork,
  ) {}

  /** The leases were renewed now (by a full sweep, however it was started). */
  renewed(): void {
    this.renewedAt = this.scheduler.now();
  }

  /** Cancels the sweep waiting to run. */
  cancel(): void {
    if (this.timer) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
  }

  /**
   * Sweeps after `delayMs`: a full sweep (leases renewed, orphans claimed, matches started), or,
   * when a freed slot asks (`full` false) and the leases were renewed within `sweepMs`, only the
   * matches started: renewing and claiming update every row the runner owns, which would queue
   * the moves of those matches behind them at every match's end.
   */
  schedule(delayMs: number, full = true): void {
    this.fullAsked ||= full;
    // One sweep at a time: sweeps side by side read the same idle bots and each tries to seat
    // them, every try but one refused under the match-creation lock that all of them queue on.
    if (this.sweeping) {
      this.again = true;
      return;
    }
    if (this.timer) this.scheduler.clearTimeout(this.timer);
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = null;
      this.sweeping = true;
      this.again = false;
      const full = this.fullAsked || this.scheduler.now() - this.renewedAt >= this.sweepMs;
      this.fullAsked = false;
      const work = (
        full ? this.work.full() : this.work.seat(new Date(this.renewedAt + this.leaseMs))
      )
        .then(
          () => {
            this.failed = 0;
          },
          () => {
            this.failed++;
          },
        )
        .finally(() => {
          this.sweeping = false;
          if (!this.work.running() || this.timer) return;
          // A slot freed while it swept: seat at once; else the regular sweep at its pace.
          if (this.again && this.failed === 0) this.schedule(0, false);
          else this.schedule(nextSweepMs(this.sweepMs, this.leaseMs, this.failed));
        });
      this.work.track(work);
    }, delayMs);
  }
}
