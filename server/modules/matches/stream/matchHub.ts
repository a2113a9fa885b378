import type { Database } from '#server/db/database.ts';
import {
  MATCH_CHANNEL,
  type MatchNotification,
  matchNotificationSchema,
} from '#server/events/matchChannel.ts';
import { type Scheduler, systemScheduler } from '#server/modules/matches/runner/scheduler.ts';

/** One stream watching a match through the hub. */
export interface MatchWatcher {
  /** A move, the result, a new spectator total (`spectators` counts every process), a bet. */
  event(notification: MatchNotification, spectators: number): void;
  /** Notifications may have been missed (the LISTEN connection was lost): read back the match. */
  resync(): void;
}

/** Timing of the hub; the defaults suit production, tests inject a clock. */
export interface MatchHubOptions {
  scheduler?: Scheduler;
  /** How often each process re-announces its spectator counts. */
  heartbeatMs?: number;
}

// Spectator totals are broadcast at most this often per match, so a crowd joining at once costs
// one NOTIFY rather than one per viewer.
const SPECTATOR_BROADCAST_MS = 500;
// Each process re-announces its counts this often; a count not re-announced within three periods
// belongs to a process that died without saying goodbye and is ignored.
const SPECTATOR_HEARTBEAT_MS = 10_000;
const STALE_AFTER_HEARTBEATS = 3;
// Telling a crowd its new size costs a write per watcher, as a move does, and while a crowd gathers
// or leaves the total changes with every broadcast. So a crowd is told at most once per this much
// time per watcher (10,000 watchers: every 2 s), which keeps count updates from taking the core
// the move fan-outs need and from holding up a connecting crowd. Below 2,500 watchers that is less
// than SPECTATOR_BROADCAST_MS, which already spaces the updates: they are told at once.
const SPECTATOR_FANOUT_MS_PER_WATCHER = 0.2;

/**
 * Fans match events out to the streams of this process. Every process LISTENs on one channel, so
 * a move committed by any runner reaches every watcher: across processes on PostgreSQL, in-process
 * on PGlite (whose NOTIFY is delivered inside the one process that embeds it).
 */
export class MatchHub {
  private readonly watchers = new Map<string, Set<MatchWatcher>>();
  /** matchId → processId → how many streams that process serves, and when it last said so. */
  private readonly spectatorCounts = new Map<string, Map<string, { count: number; at: number }>>();
  /** The total each match's watchers were last told, so a tick only speaks when it changed. */
  private readonly toldTotals = new Map<string, number>();
  private readonly pendingBroadcasts = new Map<string, ReturnType<typeof setTimeout>>();
  /** When each match's watchers were last told a total, and the deferred telling, if any. */
  private readonly toldAt = new Map<string, number>();
  private readonly deferredTellings = new Map<string, unknown>();
  private readonly scheduler: Scheduler;
  private readonly heartbeatMs: number;
  private heartbeatTimer: unknown = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly processId: string,
    options: MatchHubOptions = {},
  ) {
    this.scheduler = options.scheduler ?? systemScheduler;
    this.heartbeatMs = options.heartbeatMs ?? SPECTATOR_HEARTBEAT_MS;
  }

  /** Starts listening for the events committed by any runner on this database. */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen(
      MATCH_CHANNEL,
      (payload) => {
        const parsed = matchNotificationSchema.safeParse(JSON.parse(payload));
        if (parsed.success) this.dispatch(parsed.data);
      },
      () => this.resync(),
    );
    this.scheduleHeartbeat();
  }

  /** Stops listening and drops pending broadcasts (other processes see the counts go stale). */
  async stop(): Promise<void> {
    for (const timer of this.pendingBroadcasts.values()) clearTimeout(timer);
    this.pendingBroadcasts.clear();
    for (const timer of this.deferredTellings.values()) this.scheduler.clearTimeout(timer);
    this.deferredTellings.clear();
    if (this.heartbeatTimer) this.scheduler.clearTimeout(this.heartbeatTimer);
    this.heartbeatTimer = null;
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Adds a watcher of a match; returns the function that removes it. */
  subscribe(matchId: string, watcher: MatchWatcher): () => void {
    let set = this.watchers.get(matchId);
    if (!set) {
      set = new Set();
      this.watchers.set(matchId, set);
    }
    set.add(watcher);
    this.localCountChanged(matchId);
    return () => {
      const current = this.watchers.get(matchId);
      if (!current?.delete(watcher)) return;
      if (current.size === 0) {
        this.watchers.delete(matchId);
        this.toldTotals.delete(matchId);
        this.toldAt.delete(matchId);
        const deferred = this.deferredTellings.get(matchId);
        if (deferred) this.scheduler.clearTimeout(deferred);
        this.deferredTellings.delete(matchId);
      }
      this.localCountChanged(matchId);
    };
  }

  /** Whether a stream of this process watches the match. */
  watchedHere(matchId: string): boolean {
    return this.watchers.has(matchId);
  }

  /** How many streams watch this match across every live process. */
  spectators(matchId: string): number {
    let total = this.watchers.get(matchId)?.size ?? 0;
    const byProcess = this.spectatorCounts.get(matchId);
    if (!byProcess) return total;
    const staleBefore = this.scheduler.now() - STALE_AFTER_HEARTBEATS * this.heartbeatMs;
    for (const [processId, { count, at }] of byProcess) {
      if (at < staleBefore) byProcess.delete(processId);
      else if (processId !== this.processId) total += count;
    }
    if (byProcess.size === 0) this.spectatorCounts.delete(matchId);
    return total;
  }

  /**
   * One heartbeat: re-announces this process's counts (so others keep them), and tells local
   * watchers a total that changed because another process's count went stale.
   */
  async heartbeat(): Promise<void> {
    const announcements = [...this.watchers].map(([matchId, set]) => {
      if (this.spectators(matchId) !== this.toldTotals.get(matchId)) {
        this.tell(matchId, { kind: 'spectators', matchId, processId: this.processId, count: 0 });
      }
      return this.announce(matchId, set.size);
    });
    await Promise.all(announcements);
  }

  private scheduleHeartbeat(): void {
    this.heartbeatTimer = this.scheduler.setTimeout(() => {
      void this.heartbeat().finally(() => {
        if (this.heartbeatTimer) this.scheduleHeartbeat();
      });
    }, this.heartbeatMs);
  }

  private announce(matchId: string, count: number): Promise<void> {
    const notification: MatchNotification = {
      kind: 'spectators',
      matchId,
      processId: this.processId,
      count,
    };
    // Best effort: the next heartbeat repeats it.
    return this.db.notify(MATCH_CHANNEL, JSON.stringify(notification)).catch(() => {});
  }

  private localCountChanged(matchId: string): void {
    if (this.pendingBroadcasts.has(matchId)) return;
    const timer = setTimeout(() => {
      this.pendingBroadcasts.delete(matchId);
      void this.announce(matchId, this.watchers.get(matchId)?.size ?? 0);
    }, SPECTATOR_BROADCAST_MS);
    timer.unref?.();
    this.pendingBroadcasts.set(matchId, timer);
  }

  /** After a lost LISTEN connection: every stream reads back what it may have missed. */
  private resync(): void {
    for (const set of this.watchers.values()) for (const watcher of set) watcher.resync();
    void this.heartbeat();
  }

  private dispatch(notification: MatchNotification): void {
    if (notification.kind === 'spectators') {
      const { matchId, processId, count } = notification;
      let byProcess = this.spectatorCounts.get(matchId);
      if (!byProcess) {
        byProcess = new Map();
        this.spectatorCounts.set(matchId, byProcess);
      }
      if (count === 0) byProcess.delete(processId);
      else byProcess.set(processId, { count, at: this.scheduler.now() });
      if (byProcess.size === 0) this.spectatorCounts.delete(matchId);
      this.tell(matchId, notification);
      return;
    }
    const matchId =
      notification.kind === 'pools' ? notification.matchId : notification.event.matchId;
    const set = this.watchers.get(matchId);
    if (!set) return;
    const spectators = this.spectators(matchId);
    for (const watcher of set) watcher.event(notification, spectators);
  }

  /**
   * Passes a spectator total to this process's watchers of the match, if it changed; to a large
   * crowd told a moment ago, later (the total as it is then).
   */
  private tell(matchId: string, notification: MatchNotification): void {
    const set = this.watchers.get(matchId);
    if (!set || this.deferredTellings.has(matchId)) return;
    const total = this.spectators(matchId);
    if (total === this.toldTotals.get(matchId)) return;
    const now = this.scheduler.now();
    const spacingMs = set.size * SPECTATOR_FANOUT_MS_PER_WATCHER;
    const waitMs = (this.toldAt.get(matchId) ?? Number.NEGATIVE_INFINITY) + spacingMs - now;
    if (spacingMs > SPECTATOR_BROADCAST_MS && waitMs > 0) {
      const timer = this.scheduler.setTimeout(() => {
        this.deferredTellings.delete(matchId);
        // A new object: streams cache each notification's frame, and the total may differ now.
        this.tell(matchId, { ...notification });
      }, waitMs);
      this.deferredTellings.set(matchId, timer);
      return;
    }
    this.toldTotals.set(matchId, total);
    this.toldAt.set(matchId, now);
    for (const watcher of set) watcher.event(notification, total);
  }
}
