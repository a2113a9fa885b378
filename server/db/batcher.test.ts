import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.ts';

interface Item {
  key: string;
  value: number;
}

/** A group commit whose batches are recorded and held until `release` is called. */
function recordedBatcher(fail: (batch: readonly Item[]) => boolean = () => false) {
  const batches: number[][] = [];
  const alone: number[] = [];
  const errors: unknown[] = [];
  let release = () => {};
  const write = createBatcher<Item, string>({
    runBatch: async (items) => {
      batches.push(items.map((item) => item.value));
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (fail(items)) throw new Error('deadlock detected');
      // Odd values are left unwritten by the batch.
      return items.map((item) => (item.value % 2 === 0 ? `batch ${item.value}` : null));
    },
    runOne: async (item) => {
      alone.push(item.value);
      return `alone ${item.value}`;
    },
    keyOf: (item) => item.key,
    maxBatch: 3,
    onBatchError: (error) => errors.push(error),
  });
  const releaseNext = async () => {
    release();
    // Let the batch's answers and the next batch's start run.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { write, batches, alone, errors, releaseNext };
}

describe('batcher', () => {
  it('writes what arrives during a commit in the next batch, one item per key, at most maxBatch', async () => {
    const { write, batches, releaseNext } = recordedBatcher();
    const answers = [
      write({ key: 'a', value: 0 }),
      write({ key: 'a', value: 2 }),
      write({ key: 'b', value: 4 }),
      write({ key: 'c', value: 6 }),
      write({ key: 'd', value: 8 }),
      write({ key: 'a', value: 10 }),
    ];
    expect(batches).toEqual([[0]]);
    await releaseNext();
    expect(batches).toEqual([[0], [2, 4, 6]]);
    await releaseNext();
    expect(batches).toEqual([[0], [2, 4, 6], [8, 10]]);
    await releaseNext();
    expect(await Promise.all(answers)).toEqual([0, 2, 4, 6, 8, 10].map((v) => `batch ${v}`));
  });

  it('writes on its own each item a batch left out, and every item of a batch that failed', async () => {
    const { write, batches, alone, errors, releaseNext } = recordedBatcher((batch) =>
      batch.some((item) => item.value === 5),
    );
    const first = write({ key: 'a', value: 1 });
    const failing = [write({ key: 'b', value: 4 }), write({ key: 'c', value: 5 })];
    await releaseNext();
    expect(await first).toBe('alone 1');
    await releaseNext();
    expect(await Promise.all(failing)).toEqual(['alone 4', 'alone 5']);
    expect(batches).toEqual([[1], [4, 5]]);
    expect(alone).toEqual([1, 4, 5]);
    expect(errors).toEqual([new Error('deadlock detected')]);
  });

  describe('gathering items that come densely', () => {
    /** A batcher on a hand-moved clock whose timers run only when the test says. */
    function gatheringBatcher() {
      let clockMs = 1_000;
      const timers: { atMs: number; run: () => void }[] = [];
      const batches: number[][] = [];
      /** While set, a batch's statement runs until the test calls it. */
      let hold: Promise<void> | null = null;
      let release = () => {};
      const holdBatches = () => {
        hold = new Promise((resolve) => {
          release = () => {
            hold = null;
            resolve();
          };
        });
      };
      const write = createBatcher<number, string>({
        runBatch: async (items) => {
          batches.push([...items]);
          if (hold) await hold;
          return items.map((item) => `batch ${item}`);
        },
        runOne: async (item) => `alone ${item}`,
        keyOf: String,
        maxBatch: 4,
        onBatchError: () => {},
        gatherMs: 2,
        now: () => clockMs,
        setTimer: (run, ms) => timers.push({ atMs: clockMs + ms, run }),
      });
      const advance = async (ms: number) => {
        clockMs += ms;
        for (const timer of timers.filter((one) => one.atMs <= clockMs)) {
          timers.splice(timers.indexOf(timer), 1);
          timer.run();
        }
        await new Promise((resolve) => setImmediate(resolve));
      };
      return { write, batches, timers, advance, holdBatches, release: () => release() };
    }

    it('runs an item after a quiet spell at once, without a timer', async () => {
      const { write, batches, timers, advance } = gatheringBatcher();
      const answer = write(1);
      expect(batches).toEqual([[1]]);
      expect(timers).toEqual([]);
      await advance(50);
      expect(await Promise.all([answer, write(2)])).toEqual(['batch 1', 'batch 2']);
      expect(batches).toEqual([[1], [2]]);
    });

    it('holds items that come less than gatherMs apart and runs them together', async () => {
      const { write, batches, advance } = gatheringBatcher();
      const answers = [write(1)];
      await advance(1);
      answers.push(write(2));
      await advance(1);
      answers.push(write(3));
      // The second came 1 ms after the first: it waits 2 ms, and the third joins it.
      expect(batches).toEqual([[1]]);
      await advance(0.5);
      expect(batches).toEqual([[1]]);
      await advance(0.5);
      expect(batches).toEqual([[1], [2, 3]]);
      expect(await Promise.all(answers)).toEqual(['batch 1', 'batch 2', 'batch 3']);
    });

    it('gathers what queued during a batch while the crowd is still arriving', async () => {
      const { write, batches, advance, holdBatches, release } = gatheringBatcher();
      holdBatches();
      const answers = [write(1)];
      // The statement runs 1.5 ms; items come 0.5 ms apart meanwhile and after it.
      for (const item of [2, 3]) {
        await advance(0.5);
        answers.push(write(item));
      }
      await advance(0.5);
      release();
      await advance(0);
      // Item 3 came 0.5 ms ago: the two queued wait for more rather than run as a batch of two.
      expect(batches).toEqual([[1]]);
      for (const item of [4, 5]) {
        await advance(0.5);
        answers.push(write(item));
      }
      await advance(1);
      expect(batches).toEqual([[1], [2, 3, 4, 5]]);
      expect(await Promise.all(answers)).toEqual([1, 2, 3, 4, 5].map((item) => `batch ${item}`));
    });

    it('runs what queued during a batch at once when the arrivals have stopped', async () => {
      const { write, batches, timers, advance, holdBatches, release } = gatheringBatcher();
      holdBatches();
      const answers = [write(1)];
      await advance(0.5);
      answers.push(write(2));
      // The statement runs on for 10 ms with nothing more arriving.
      await advance(10);
      release();
      await advance(0);
      expect(batches).toEqual([[1], [2]]);
      expect(timers).toEqual([]);
      expect(await Promise.all(answers)).toEqual(['batch 1', 'batch 2']);
    });

    it('runs a full batch at once instead of waiting out the gathering', async () => {
      const { write, batches, advance } = gatheringBatcher();
      void write(1);
      await advance(1);
      const answers = [2, 3, 4, 5].map((item) => write(item));
      expect(batches).toEqual([[1], [2, 3, 4, 5]]);
      expect(await Promise.all(answers)).toEqual([2, 3, 4, 5].map((item) => `batch ${item}`));
    });
  });
});
