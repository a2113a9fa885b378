/**
 * Batches of statements: what arrives while one batch runs waits and goes together in the next
 * one. For writes it is group commit: a thousand bets at once cost a handful of commits (and WAL
 * flushes) instead of a thousand, and each caller still gets its answer only once its write has
 * committed. For reads (the session behind each request) it turns a thousand statements into a
 * few, which is what PGlite, running one statement at a time, needs most.
 */
export interface BatcherOptions<In, Out> {
  /**
   * Runs a whole batch in one statement and answers item by item, in order: the result, or
   * null for an item the batch left out (it then goes through `runOne`, which says why).
   */
  runBatch(items: readonly In[]): Promise<readonly (Out | null)[]>;
  /** Runs one item on its own: one the batch left out, or each item of a batch that failed. */
  runOne(item: In): Promise<Out>;
  /**
   * Items with the same key never share a batch (one user's bets: a batch debits each user once);
   * the later ones wait for the next batch, in arrival order.
   */
  keyOf(item: In): string;
  /** The most items one batch takes. */
  maxBatch: number;
  /** Told of a batch that failed (its items are then run one by one). */
  onBatchError(error: unknown): void;
  /**
   * When items come densely (the last less than `gatherMs` before), wait this long for more
   * before running a batch (default 0: never wait): when one arrives at an idle batcher, and
   * when a batch ends with items queued. A crowd's requests reach a server one per turn of its
   * event loop (it accepts one connection a turn), so each could find the batcher idle and run
   * alone, and the few that queue during a statement would run as the next: 170-480 of a
   * burst's 500 nonce requests had a statement each (docs/FIGURES.md's thirteenth pass, in git). An
   * item after a quiet spell runs at once, so a lone visitor waits for nothing.
   */
  gatherMs?: number;
  /** The clock and the timer for `gatherMs`, injected so tests need not wait (default: real). */
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => void;
}

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

/** Returns `run(item)`, which resolves with the item's answer once its batch has run. */
export function createBatcher<In, Out>(
  options: BatcherOptions<In, Out>,
): (item: In) => Promise<Out> {
  let queue: Waiting<In, Out>[] = [];
  let running = false;

  /** Answers an item through `runOne`, apart from the batches (they need not wait for it). */
  const alone = (waiting: Waiting<In, Out>) => {
    options.runOne(waiting.item).then(waiting.resolve, waiting.reject);
  };

  /** The next batch: the oldest items, one per key, at most maxBatch; the rest stay queued. */
  const takeBatch = () => {
    const keys = new Set<string>();
    const batch: Waiting<In, Out>[] = [];
    const left: Waiting<In, Out>[] = [];
    for (const waiting of queue) {
      const key = options.keyOf(waiting.item);
      if (batch.length < options.maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(waiting);
      } else left.push(waiting);
    }
    queue = left;
    return batch;
  };

  const runNext = async () => {
    if (running || queue.length === 0) return;
    running = true;
    const batch = takeBatch();
    try {
      const results = await options.runBatch(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        const out = results[index];
        if (out === null || out === undefined) alone(waiting);
        else waiting.resolve(out);
      });
    } catch (error) {
      options.onBatchError(error);
      // The statement failed as a whole (a deadlock, a lost connection) and rolled back: each
      // item is tried on its own and gets its own answer or error.
      for (const waiting of batch) alone(waiting);
    } finally {
      running = false;
      next();
    }
  };

  const gatherMs = options.gatherMs ?? 0;
  const now = options.now ?? performance.now.bind(performance);
  const setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
  let lastArrivalMs = Number.NEGATIVE_INFINITY;
  let gathering = false;

  /** Runs the queue now, or gathers first while items keep coming densely. */
  const startOrGather = (dense: boolean) => {
    if (!dense || queue.length >= options.maxBatch) {
      void runNext();
      return;
    }
    gathering = true;
    setTimer(() => {
      if (!gathering) return;
      gathering = false;
      void runNext();
    }, gatherMs);
  };

  /** After a batch: what queued while it ran gathers too when the crowd is still arriving. */
  const next = () => {
    if (queue.length === 0) return;
    startOrGather(now() - lastArrivalMs < gatherMs);
  };

  const arrive = () => {
    const at = now();
    const dense = at - lastArrivalMs < gatherMs;
    lastArrivalMs = at;
    if (running || gathering) {
      // A full queue need not wait for the rest of the gathering.
      if (gathering && queue.length >= options.maxBatch) {
        gathering = false;
        void runNext();
      }
      return;
    }
    startOrGather(dense);
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      arrive();
    });
}
