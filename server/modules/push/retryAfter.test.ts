import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retryAfter.ts';

describe('retryAfterMs', () => {
  const now = Date.parse('2026-01-15T12:00:00Z');

  it('reads delay seconds and HTTP dates, a past date as now', () => {
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Thu, 15 Jan 2026 12:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Thu, 15 Jan 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('caps a long wait at an hour and ignores what it cannot read', () => {
    expect(retryAfterMs('86400', now)).toBe(3_600_000);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs('-5', now)).toBeNull();
  });
});
