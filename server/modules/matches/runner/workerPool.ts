import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { AgentDecision } from '#core/games/definition.ts';
import { gameOf } from '#core/games/registry.ts';
import type { MoveVerdictData } from '#core/protocol/moveVerdict.ts';
import { startTypeScriptWorker } from '#server/plugins/typeScriptWorker.ts';
import {
  type DecisionRequest,
  decisionResponseSchema,
  type JudgeRequest,
} from './decisionRequest.ts';

/** A search the pool has to run: everything of a request but its id. */
export type DecisionJob = Omit<DecisionRequest, 'id'>;

/** A move to judge: everything of a judge request but its id and kind. */
export type JudgeJob = Omit<JudgeRequest, 'id' | 'kind'>;

/**
 * Which verdicts go first: `move`, an engine's move waiting for its verdict to be stored with
 * it; `late`, a move already stored and answered (a bot's), judged when nothing else waits.
 */
export type JudgePriority = 'move' | 'late';

type Pending =
  | {
      kind: 'decide';
      job: DecisionJob;
      resolve: (decision: AgentDecision) => void;
      reject: (error: Error) => void;
    }
  | {
      kind: 'judge';
      job: JudgeJob;
      resolve: (verdict: MoveVerdictData | null) => void;
      reject: (error: Error) => void;
    };

interface Slot {
  worker: Worker;
  /**
   * Whether the thread has loaded and said so. Loading tsx and the games took 10 s at load
   * average 20; counted against a search's budget, it got the thread terminated before it ever
   * searched, the move played on the event loop, and a new thread loading, over and over.
   */
  ready: boolean;
  busy: { id: number; pending: Pending; timer: ReturnType<typeof setTimeout> } | null;
}

// How long past its budget a search may run before its thread is terminated.
const GRACE_MS = 1_000;

// An idle pool's job may take this many times its budget: its thread runs only on time no other
// thread wants, so on a loaded machine it waits rather than overruns (its search stops on the
// wall clock once it runs again), and terminating it would only cost a new thread's loading.
const IDLE_OVERRUN_FACTOR = 10;

const WORKER_URL = new URL('./decide.worker.ts', import.meta.url);

/** The default pool size: one thread per core, keeping one core for the HTTP event loop. */
function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

/**
 * Runs agent searches on worker threads so streams and the API stay responsive while agents
 * think; the threads run at the lowest priority (searchPriority.ts), so the event loop wins any
 * core both want. A search that overruns its budget by more than a grace period gets its thread
 * terminated and replaced; the move is then the best one a zero-budget search finds.
 */
export class DecisionPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  // Verdicts wait behind every agent's search: a verdict never delays a move.
  private readonly judgeQueue: Pending[] = [];
  // Late verdicts (bots' moves, already answered) wait behind the engines' verdicts too, which
  // hold up their moves' storing. Their caller bounds them (lateMoveJudge.ts), not this queue.
  private readonly lateJudgeQueue: Pending[] = [];
  private readonly loadWaiters: (() => void)[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * `idle`: the threads run in Linux's idle class (searchPriority.ts `idleSearchThread`), for
   * verdicts no one waits on; otherwise at a search's priority.
   */
  constructor(
    readonly size: number = defaultPoolSize(),
    private readonly options: { idle?: boolean; checkersEndgame?: string } = {},
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  /** Queues one search; resolves with the agent's move and trace. */
  decide(job: DecisionJob): Promise<AgentDecision> {
    if (this.closed) return Promise.reject(new Error('Decision pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ kind: 'decide', job, resolve, reject });
      this.pump();
    });
  }

  /**
   * Queues the verdict on a chosen move behind every search (a `late` one behind every other
   * verdict too); resolves with it, or null where the game judges none or the thread overran the
   * job's budget.
   */
  judge(job: JudgeJob, priority: JudgePriority = 'move'): Promise<MoveVerdictData | null> {
    if (this.closed) return Promise.reject(new Error('Decision pool is closed'));
    return new Promise((resolve, reject) => {
      const queue = priority === 'late' ? this.lateJudgeQueue : this.judgeQueue;
      queue.push({ kind: 'judge', job, resolve, reject });
      this.pump();
    });
  }

  /**
   * Resolves once every thread has loaded (and lowered its own priority, the first thing it
   * does): loading is seconds on a busy machine, which a caller may want behind it before it
   * times anything.
   */
  loaded(): Promise<void> {
    if (this.slots.every((slot) => slot.ready)) return Promise.resolve();
    return new Promise((resolve) => this.loadWaiters.push(resolve));
  }

  /** Terminates every thread; queued searches are rejected. */
  async close(): Promise<void> {
    this.closed = true;
    for (const pending of [
      ...this.queue.splice(0),
      ...this.judgeQueue.splice(0),
      ...this.lateJudgeQueue.splice(0),
    ]) {
      pending.reject(new Error('Decision pool closed'));
    }
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.busy) {
          clearTimeout(slot.busy.timer);
          slot.busy.pending.reject(new Error('Decision pool closed'));
        }
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = startTypeScriptWorker(WORKER_URL, {
      idle: this.options.idle === true,
      checkersEndgame: this.options.checkersEndgame,
    });
    const slot: Slot = { worker, ready: false, busy: null };
    worker.on('message', (message: unknown) => {
      const response = decisionResponseSchema.parse(message);
      if ('ready' in response) {
        slot.ready = true;
        if (this.slots.every((each) => each.ready)) {
          for (const resolve of this.loadWaiters.splice(0)) resolve();
        }
        this.pump();
        return;
      }
      const busy = slot.busy;
      if (!busy || busy.id !== response.id) return;
      clearTimeout(busy.timer);
      slot.busy = null;
      const { pending } = busy;
      if ('error' in response) pending.reject(new Error(response.error));
      else if (pending.kind === 'decide' && 'decision' in response)
        pending.resolve(response.decision);
      else if (pending.kind === 'judge' && 'verdict' in response) pending.resolve(response.verdict);
      else pending.reject(new Error('The worker answered another kind of job'));
      this.pump();
    });
    worker.on('error', (error) => {
      const busy = slot.busy;
      slot.busy = null;
      if (busy) {
        clearTimeout(busy.timer);
        busy.pending.reject(error);
      }
      if (!this.closed) this.replace(slot);
    });
    worker.unref();
    return slot;
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots[index] = this.spawn();
    this.pump();
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.busy || !slot.ready) continue;
      const pending = this.queue.shift() ?? this.judgeQueue.shift() ?? this.lateJudgeQueue.shift();
      if (!pending) break;
      const id = this.nextId++;
      const overrunMs = this.options.idle
        ? pending.job.budgetMs * IDLE_OVERRUN_FACTOR
        : pending.job.budgetMs + GRACE_MS;
      const timer = setTimeout(() => this.overran(slot, id), overrunMs);
      slot.busy = { id, pending, timer };
      slot.worker.postMessage(
        pending.kind === 'judge' ? { id, kind: 'judge', ...pending.job } : { id, ...pending.job },
      );
    }
    // A thread keeps the process alive while it searches, or loads while searches wait for it.
    for (const slot of this.slots) {
      const waiting = this.queue.length + this.judgeQueue.length + this.lateJudgeQueue.length > 0;
      if (slot.busy || (!slot.ready && waiting)) slot.worker.ref();
      else slot.worker.unref();
    }
  }

  private overran(slot: Slot, id: number): void {
    const busy = slot.busy;
    if (!busy || busy.id !== id) return;
    slot.busy = null;
    void slot.worker.terminate();
    if (!this.closed) this.replace(slot);
    if (busy.pending.kind === 'judge') {
      // a verdict is worth no move's delay: the move goes without one
      busy.pending.resolve(null);
      return;
    }
    const { job } = busy.pending;
    // The thread ignored its deadline: a search whose deadline has already passed returns at
    // once with the best move it has.
    try {
      const now = Date.now();
      busy.pending.resolve(
        gameOf(job.game).decide(gameOf(job.game).decodeMoves(job.moves), job.traits, {
          seed: job.seed,
          deadline: now,
          now: Date.now,
        }),
      );
    } catch (error) {
      busy.pending.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
