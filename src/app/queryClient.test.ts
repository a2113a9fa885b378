import { describe, expect, it } from 'vitest';
import { QUERY_GC_TIME_MS, queryClient, retryDelayMs } from './queryClient.ts';

describe('queryClient defaults', () => {
  it('retries 3 times and keeps unused data 5 minutes', () => {
    const defaults = queryClient.getDefaultOptions().queries;
    expect(defaults?.retry).toBe(3);
    expect(defaults?.gcTime).toBe(5 * 60 * 1000);
    expect(QUERY_GC_TIME_MS).toBe(300_000);
  });

  it('doubles the retry wait from 1 s and caps it at 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });
});
