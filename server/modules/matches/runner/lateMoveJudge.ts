import type { DeeperJudgement } from '#core/games/lateVerdict.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import type { Database } from '#server/db/database.ts';
import type { StoredMove } from '#server/modules/matches/store/botMoves.ts';
import {
  announceVerdictKept,
  storeLateVerdict,
} from '#server/modules/matches/store/lateVerdict.ts';
import type { JudgeJob } from './workerPool.ts';

/**
 * A stored move to judge after it was answered; with `deeper`, its chances verdict is searched
 * again past the mover's depth (core/games/lateVerdict.ts), and stored only if deeper than the
 * one the move holds.
 */
export type LateJudgement = StoredMove & { deeper?: DeeperJudgement };

/** Computes a move's verdict: the decision pool's `judge` at `late` priority in production. */
export type JudgeMove = (job: JudgeJob) => Promise<MoveVerdictData | null>;

/**
 * At most this many bots' moves wait for a verdict in one process. Bots can send about 600
 * moves a second across the platform and one thread judges far fewer, so under a flood the
 * queue stays full: it then holds about this many verdicts' worth of the newest moves (at
 * 10–50 ms a verdict, a few seconds), and what it holds costs a few hundred bytes each.
 */
export const LATE_VERDICT_QUEUE_CAP = 256;

/** What the judge did since it started: how many moves it was given, judged, stored, skipped. */
export interface LateMoveJudgeCounts {
  /** Moves handed to the judge. */
  queued: number;
  /** Verdicts written (the row still had none, and held that move). */
  stored: number;
  /** Moves the game judged none of (outside its budget), or whose row had a verdict already. */
  unjudged: number;
  /** Moves skipped because the queue was full. */
  dropped: number;
  /** Verdicts that failed (a thread error, the database away): absent, never retried. */
  failed: number;
}

export interface LateMoveJudgeOptions {
  db: Database;
  judge: JudgeMove;
  /** A verdict's time limit: what an engine's move of the same pace gets (verdictBudgetMs). */
  budgetMs: number;
  capacity?: number;
  /**
   * Whether a move that gets no new verdict is announced as keeping the one it has (the exact
   * judge's moves, which carry one from winning chances); a bot's move has none to keep, and
   * under a flood the statements would only add to it.
   */
  announceKept?: boolean;
  /** Told of a verdict that failed (logged); the move simply stays without one. */
  onError?: (error: unknown) => void;
}

/**
 * Judges bots' moves after they are stored, best effort and bounded, one process's worth. A
 * move is handed over once its transaction has committed and its bot answered; verdicts are
 * computed one at a time (so bots' moves never hold more than one decision thread, and the
 * pool's `late` queue never more than one job) and stored with `storeLateVerdict`, which also
 * tells the match's watchers and, once the match is over, adds it to the mover's accuracy. A
 * flood of moves degrades to fewer verdicts: past the cap the oldest waiting move is skipped,
 * never the bot's answer slowed or memory grown. With `announceKept`, a move that gets no new
 * verdict (skipped, none better, failed) is announced as keeping its own, so no watcher waits.
 * app.ts keeps a second one, on a thread of its own, for engines' Othello moves judged again
 * exactly.
 */
export class LateMoveJudge {
  readonly counts: LateMoveJudgeCounts = {
    queued: 0,
    stored: 0,
    unjudged: 0,
    dropped: 0,
    failed: 0,
  };
  private readonly waiting: LateJudgement[] = [];
  private readonly capacity: number;
  private running = false;
  private stopped = false;
  private readonly idleWaiters: (() => void)[] = [];

  constructor(private readonly options: LateMoveJudgeOptions) {
    this.capacity = options.capacity ?? LATE_VERDICT_QUEUE_CAP;
  }

  /** How many moves wait for their verdict (the one being judged not counted). */
  get queueLength(): number {
    return this.waiting.length;
  }

  /**
   * Queues a stored move for its verdict; returns at once. When the queue is full the oldest
   * waiting move is skipped, not this one: a watcher looks at the match's latest moves, and a
   * verdict on an old one would arrive long after its moment (its match may be over); a full
   * queue of old moves would also keep every new move waiting behind them, so dropping the new
   * ones would leave all verdicts late, where dropping the old keeps the ones computed current.
   */
  enqueue(move: LateJudgement): void {
    if (this.stopped) return;
    this.counts.queued++;
    if (this.waiting.length >= this.capacity) {
      const skipped = this.waiting.shift()!;
      this.counts.dropped++;
      void this.keep(skipped);
    }
    this.waiting.push(move);
    void this.drain();
  }

  /** Resolves once no move waits and none is being judged. */
  idle(): Promise<void> {
    if (!this.running && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Takes no more moves and forgets the waiting ones; the verdict being computed is not stored.
   * Await `idle()` after closing whatever computes it (the pool), to know nothing more is written.
   */
  stop(): void {
    this.stopped = true;
    this.waiting.length = 0;
  }

  private async drain(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let move = this.waiting.shift(); move && !this.stopped; move = this.waiting.shift()) {
        await this.judgeOne(move);
      }
    } finally {
      this.running = false;
      for (const resolve of this.idleWaiters.splice(0)) resolve();
    }
  }

  private async judgeOne(move: LateJudgement): Promise<void> {
    try {
      const verdict = await this.options.judge({
        game: move.game,
        moves: move.movesBefore,
        move: move.move,
        budgetMs: this.options.budgetMs,
        ...move.deeper,
      });
      if (this.stopped) return;
      const stored =
        verdict !== null &&
        (await storeLateVerdict(this.options.db, {
          matchId: move.matchId,
          ply: move.ply,
          move: move.move,
          verdict,
        }));
      if (stored) this.counts.stored++;
      else {
        this.counts.unjudged++;
        await this.keep(move);
      }
    } catch (error) {
      // Closing the pool at shutdown rejects the verdict it was computing: no news.
      if (this.stopped) return;
      this.counts.failed++;
      this.options.onError?.(error);
      await this.keep(move);
    }
  }

  /** Tells the move's watchers it keeps its verdict; best effort, as the verdict itself. */
  private async keep(move: StoredMove): Promise<void> {
    if (!this.options.announceKept) return;
    await announceVerdictKept(this.options.db, move).catch(() => {});
  }
}
