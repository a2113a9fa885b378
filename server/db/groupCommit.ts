/**
 * Group commit: writes that arrive while one batch is committing wait and go together in the
 * next one, so a thousand writes at once cost a handful of commits (and WAL flushes) instead of
 * a thousand. A caller still gets its own answer once its write has committed: nothing is
 * acknowledged before it is durable.
 */
export interface GroupCommitOptions<In, Out> {
  /**
   * Writes a whole batch in one statement and answers item by item, in order: the result, or
   * null for an item the batch left unwritten (it then goes through `writeOne`, which says why).
   */
  writeBatch(items: readonly In[]): Promise<readonly (Out | null)[]>;
  /** Writes one item on its own: one the batch left unwritten, or each item of a batch that failed. */
  writeOne(item: In): Promise<Out>;
  /**
   * Items with the same key never share a batch (one user's bets: a batch debits each user once);
   * the later ones wait for the next batch, in arrival order.
   */
  keyOf(item: In): string;
  /** The most items one batch takes. */
  maxBatch: number;
  /** Told of a batch that failed (its items are then written one by one). */
  onBatchError(error: unknown): void;
}

interface Waiting<In, Out> {
  item: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

/** Returns `write(item)`, which resolves once the item's batch has committed. */
export function createGroupCommit<In, Out>(
  options: GroupCommitOptions<In, Out>,
): (item: In) => Promise<Out> {
  let queue: Waiting<In, Out>[] = [];
  let committing = false;

  /** Answers an item through `writeOne`, apart from the batches (they need not wait for it). */
  const alone = (waiting: Waiting<In, Out>) => {
    options.writeOne(waiting.item).then(waiting.resolve, waiting.reject);
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

  const commitNext = async () => {
    if (committing || queue.length === 0) return;
    committing = true;
    const batch = takeBatch();
    try {
      const results = await options.writeBatch(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, index) => {
        const out = results[index];
        if (out === null || out === undefined) alone(waiting);
        else waiting.resolve(out);
      });
    } catch (error) {
      options.onBatchError(error);
      // The statement rolled back as a whole (a deadlock, a lost connection): nothing of it was
      // written, so each item is tried on its own and gets its own answer or error.
      for (const waiting of batch) alone(waiting);
    } finally {
      committing = false;
      void commitNext();
    }
  };

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      void commitNext();
    });
}
