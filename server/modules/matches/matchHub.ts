import type { Database } from '../../db/database.ts';
import { MATCH_CHANNEL, type MatchNotification, matchNotificationSchema } from './matchEvents.ts';

/** Receives the notifications of one match: moves, its result, spectator totals. */
export type MatchListener = (notification: MatchNotification, spectators: number) => void;

// Spectator totals are broadcast at most this often per match, so a crowd joining at once costs
// one NOTIFY rather than one per viewer.
const SPECTATOR_BROADCAST_MS = 500;

/**
 * Fans match events out to the streams of this process. Every process LISTENs on one channel, so
 * a move committed by any runner reaches every watcher: across processes on PostgreSQL, in-process
 * on PGlite (whose NOTIFY is delivered inside the one process that embeds it).
 */
export class MatchHub {
  private readonly listeners = new Map<string, Set<MatchListener>>();
  /** matchId → processId → how many streams that process serves. */
  private readonly spectatorCounts = new Map<string, Map<string, number>>();
  private readonly pendingBroadcasts = new Map<string, ReturnType<typeof setTimeout>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly processId: string,
  ) {}

  /** Starts listening for the events committed by any runner on this database. */
  async start(): Promise<void> {
    this.unlisten = await this.db.listen(MATCH_CHANNEL, (payload) => {
      const parsed = matchNotificationSchema.safeParse(JSON.parse(payload));
      if (parsed.success) this.dispatch(parsed.data);
    });
  }

  /** Stops listening and drops pending broadcasts. */
  async stop(): Promise<void> {
    for (const timer of this.pendingBroadcasts.values()) clearTimeout(timer);
    this.pendingBroadcasts.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }

  /** Adds a watcher of a match; returns the function that removes it. */
  subscribe(matchId: string, listener: MatchListener): () => void {
    let set = this.listeners.get(matchId);
    if (!set) {
      set = new Set();
      this.listeners.set(matchId, set);
    }
    set.add(listener);
    this.localCountChanged(matchId);
    return () => {
      const current = this.listeners.get(matchId);
      if (!current?.delete(listener)) return;
      if (current.size === 0) this.listeners.delete(matchId);
      this.localCountChanged(matchId);
    };
  }

  /** How many streams watch this match across every process. */
  spectators(matchId: string): number {
    const byProcess = this.spectatorCounts.get(matchId);
    let total = this.listeners.get(matchId)?.size ?? 0;
    if (byProcess) {
      for (const [processId, count] of byProcess) if (processId !== this.processId) total += count;
    }
    return total;
  }

  private localCountChanged(matchId: string): void {
    if (this.pendingBroadcasts.has(matchId)) return;
    const timer = setTimeout(() => {
      this.pendingBroadcasts.delete(matchId);
      const notification: MatchNotification = {
        kind: 'spectators',
        matchId,
        processId: this.processId,
        count: this.listeners.get(matchId)?.size ?? 0,
      };
      this.db.notify(MATCH_CHANNEL, JSON.stringify(notification)).catch(() => {});
    }, SPECTATOR_BROADCAST_MS);
    timer.unref?.();
    this.pendingBroadcasts.set(matchId, timer);
  }

  private dispatch(notification: MatchNotification): void {
    const matchId =
      notification.kind === 'spectators' ? notification.matchId : notification.event.matchId;
    if (notification.kind === 'spectators') {
      let byProcess = this.spectatorCounts.get(matchId);
      if (!byProcess) {
        byProcess = new Map();
        this.spectatorCounts.set(matchId, byProcess);
      }
      if (notification.count === 0) byProcess.delete(notification.processId);
      else byProcess.set(notification.processId, notification.count);
      if (byProcess.size === 0) this.spectatorCounts.delete(matchId);
    }
    const set = this.listeners.get(matchId);
    if (!set) return;
    const spectators = this.spectators(matchId);
    for (const listener of set) listener(notification, spectators);
  }
}
