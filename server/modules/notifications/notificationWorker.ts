import type { Database } from '#server/db/database.ts';
import { NOTIFICATIONS_CHANNEL } from '#server/db/stores/notificationEvents.ts';
import type { DeliveryChannel } from '#server/delivery/channel.ts';
import { type DeliveryPolicy, deliverDueNotices } from './deliverNotices.ts';
import { fanOutEvents } from './fanOut.ts';
import { type GatherPolicy, gatherWaitingItems } from './gatherItems.ts';
import { type PruneCursor, type PrunePolicy, pruneNotifications } from './pruneNotifications.ts';

/** Timers and a clock, injected so tests drive the worker pass by pass. */
export interface WorkerClock {
  now(): number;
  setTimeout(callback: () => void, delayMs: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What the worker is given: its database, channels, clock and policies. */
export interface NotificationWorkerOptions {
  db: Database;
  channels: readonly DeliveryChannel[];
  clock: WorkerClock;
  /** Passes run this often without a NOTIFY: retries and gathered bursts fall due by time. */
  pollMs?: number;
  gather?: Partial<Omit<GatherPolicy, 'channels'>>;
  delivery?: Partial<DeliveryPolicy>;
  prune?: Partial<PrunePolicy & { everyMs: number }>;
  onError?: (error: unknown) => void;
}

/** Defaults, written down in docs/DEPLOY.md ("Notifications"). */
export const NOTIFICATION_DEFAULTS = {
  pollMs: 1_000,
  gatherMs: 1_000,
  perMinute: 3,
  leaseMs: 30_000,
  backoffMs: 5_000,
  maxBackoffMs: 10 * 60_000,
  maxAttempts: 10,
  pruneEveryMs: 60_000,
  keepMs: 30 * 24 * 3_600_000,
  keepPerUser: 200,
  pruneBatch: 1_000,
} as const;

/**
 * The outbox's worker, run by any live process that plays matches: fans events out to their
 * recipients, gathers each user's items into messages (a burst becomes one, a few a minute at
 * most), and delivers them on the channels beyond the app. Woken by a NOTIFY when an event is
 * recorded, and by polling, so a missed NOTIFY or a retry falling due is never lost.
 */
export class NotificationWorker {
  private readonly gather: GatherPolicy;
  private readonly delivery: DeliveryPolicy;
  private readonly pollMs: number;
  private readonly prune: PrunePolicy & { everyMs: number };
  private readonly pruneCursor: PruneCursor = { notificationId: '0' };
  private nextPruneAt = Number.NEGATIVE_INFINITY;
  private timer: unknown = null;
  private stopped = true;
  private passing: Promise<void> | null = null;
  private again = false;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly options: NotificationWorkerOptions) {
    this.pollMs = options.pollMs ?? NOTIFICATION_DEFAULTS.pollMs;
    this.gather = {
      gatherMs: options.gather?.gatherMs ?? NOTIFICATION_DEFAULTS.gatherMs,
      perMinute: options.gather?.perMinute ?? NOTIFICATION_DEFAULTS.perMinute,
      channels: options.channels.map((channel) => channel.name),
    };
    this.delivery = {
      leaseMs: options.delivery?.leaseMs ?? NOTIFICATION_DEFAULTS.leaseMs,
      backoffMs: options.delivery?.backoffMs ?? NOTIFICATION_DEFAULTS.backoffMs,
      maxBackoffMs: options.delivery?.maxBackoffMs ?? NOTIFICATION_DEFAULTS.maxBackoffMs,
      maxAttempts: options.delivery?.maxAttempts ?? NOTIFICATION_DEFAULTS.maxAttempts,
    };
    this.prune = {
      everyMs: options.prune?.everyMs ?? NOTIFICATION_DEFAULTS.pruneEveryMs,
      keepMs: options.prune?.keepMs ?? NOTIFICATION_DEFAULTS.keepMs,
      keepPerUser: options.prune?.keepPerUser ?? NOTIFICATION_DEFAULTS.keepPerUser,
      batch: options.prune?.batch ?? NOTIFICATION_DEFAULTS.pruneBatch,
    };
  }

  /** Listens for new events and starts polling. */
  async start(): Promise<void> {
    this.stopped = false;
    this.unlisten = await this.options.db.listen(
      NOTIFICATIONS_CHANNEL,
      () => this.wake(),
      () => this.wake(),
    );
    this.wake();
  }

  /** Stops listening and polling, and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.unlisten?.();
    this.unlisten = null;
    await this.passing;
  }

  /**
   * One pass: fan out, then gather and deliver, until nothing is left that is due now; then, once
   * every `prune.everyMs`, one bounded round of pruning (a backlog goes a batch a round).
   */
  async pass(): Promise<void> {
    const { db, channels, clock } = this.options;
    while ((await fanOutEvents(db, new Date(clock.now()))) > 0);
    const deliverDue = async () => {
      while ((await deliverDueNotices(db, channels, this.delivery, () => clock.now())) > 0);
    };
    // Each batch gathered is delivered beside the gathering of the next: a burst's first pushes
    // go out while the rest of its recipients are still being gathered.
    for (;;) {
      const [gathered] = await Promise.all([
        gatherWaitingItems(db, this.gather, new Date(clock.now())),
        deliverDue(),
      ]);
      if (gathered === 0) break;
    }
    await deliverDue();
    if (clock.now() < this.nextPruneAt) return;
    this.nextPruneAt = clock.now() + this.prune.everyMs;
    await pruneNotifications(db, this.prune, this.pruneCursor, new Date(clock.now()));
  }

  /** Runs a pass now (one at a time; one more after it if woken meanwhile), then polls. */
  private wake(): void {
    if (this.stopped) return;
    if (this.passing) {
      this.again = true;
      return;
    }
    if (this.timer) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.passing = this.pass()
      .catch((error: unknown) => this.options.onError?.(error))
      .finally(() => {
        this.passing = null;
        if (this.stopped) return;
        if (this.again) {
          this.again = false;
          this.wake();
          return;
        }
        this.timer = this.options.clock.setTimeout(() => {
          this.timer = null;
          this.wake();
        }, this.pollMs);
      });
  }
}
