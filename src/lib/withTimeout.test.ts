import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './withTimeout.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('withTimeout', () => {
  it('rejects with the message once the time is up on a promise that never settles', async () => {
    vi.useFakeTimers();
    const waiting = withTimeout(new Promise<never>(() => {}), 15_000, 'too slow');
    const outcome = expect(waiting).rejects.toThrow(TimeoutError);
    await vi.advanceTimersByTimeAsync(15_000);
    await outcome;
    await expect(waiting).rejects.toThrow('too slow');
  });

  it('resolves with the value when the promise wins, and clears its timer', async () => {
    vi.useFakeTimers();
    await expect(withTimeout(Promise.resolve(7), 1000, 'late')).resolves.toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });
});
