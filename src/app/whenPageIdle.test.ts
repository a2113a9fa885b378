// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { whenPageIdle } from './whenPageIdle.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('interactive');
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('whenPageIdle', () => {
  it('runs the task once after the load event and an idle moment', () => {
    const task = vi.fn();
    whenPageIdle(task, 2000, 10_000);
    vi.advanceTimersByTime(5_000);
    expect(task).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2_000);
    expect(task).toHaveBeenCalledTimes(1);
    // Neither the late-load fallback nor a second load runs it again.
    vi.advanceTimersByTime(20_000);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs the task anyway when the load event is held back by a slow resource', () => {
    const task = vi.fn();
    whenPageIdle(task, 2000, 10_000);
    vi.advanceTimersByTime(9_999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1 + 2_000);
    expect(task).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('load'));
    vi.advanceTimersByTime(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs at once (when idle) on a page already loaded', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const task = vi.fn();
    whenPageIdle(task, 2000, 10_000);
    vi.advanceTimersByTime(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });
});
