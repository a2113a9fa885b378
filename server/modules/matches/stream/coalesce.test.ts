import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce.ts';

/** A read whose answers the test releases by hand: `committed` is what the store holds now. */
function heldStore() {
  let committed = 'before';
  const reads: Array<{ seen: string; release: () => void }> = [];
  const read = (key: string) =>
    new Promise<string>((resolve) => {
      // A read sees what was committed when it started, as a database snapshot does.
      const seen = `${key}:${committed}`;
      reads.push({ seen, release: () => resolve(seen) });
    });
  return {
    read,
    reads,
    commit: (value: string) => {
      committed = value;
    },
  };
}

/** Lets the reads queued for the event loop's next turn begin. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('coalesce', () => {
  it('shares one read among callers that arrive together', async () => {
    const store = heldStore();
    const shared = coalesce(store.read, (key) => key);
    const answers = Promise.all([shared('m'), shared('m'), shared('m')]);
    await nextTurn();
    expect(store.reads).toHaveLength(1);
    store.reads[0]!.release();
    expect(await answers).toEqual(['m:before', 'm:before', 'm:before']);
  });

  it('never hands a caller a read that began before it called (a watcher missed a match result so)', async () => {
    const store = heldStore();
    const shared = coalesce(store.read, (key) => key);
    const early = shared('m');
    await nextTurn();
    store.commit('after');
    // Both arrive once the result is committed, while the earlier read still runs.
    const late = [shared('m'), shared('m')];
    expect(store.reads).toHaveLength(1);
    store.reads[0]!.release();
    expect(await early).toBe('m:before');
    await nextTurn();
    // The latecomers share one read, started after the first settled.
    expect(store.reads).toHaveLength(2);
    store.reads[1]!.release();
    expect(await Promise.all(late)).toEqual(['m:after', 'm:after']);
  });

  it('begins a new read for a caller after a failed one, and keeps keys apart', async () => {
    const calls = new Map<string, number>();
    const shared = coalesce(
      async (key: string) => {
        const call = (calls.get(key) ?? 0) + 1;
        calls.set(key, call);
        if (key === 'm' && call === 1) throw new Error('database away');
        return `${key}:${call}`;
      },
      (key) => key,
    );
    const failing = expect(shared('m')).rejects.toThrow('database away');
    const other = shared('n');
    await nextTurn();
    const next = shared('m');
    await failing;
    expect(await other).toBe('n:1');
    expect(await next).toBe('m:2');
  });
});
