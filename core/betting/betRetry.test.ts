import { describe, expect, it } from 'vitest';
import { betRetryDelayMs, sendsBetAgain } from './betRetry.ts';

describe('a bet sent again by itself', () => {
  it('goes again when no process answered: no answer at all, 502, 503 or 504', () => {
    for (const status of [null, 502, 503, 504]) expect(sendsBetAgain(1, status)).toBe(true);
  });

  it('never goes again when the server refused it or failed on it', () => {
    for (const status of [400, 401, 409, 429, 500]) expect(sendsBetAgain(1, status)).toBe(false);
  });

  it('gives up after five more sends, waiting 0.5 s, then 1, then 2 at most', () => {
    expect(sendsBetAgain(5, 502)).toBe(true);
    expect(sendsBetAgain(6, 502)).toBe(false);
    expect([1, 2, 3, 4, 5].map(betRetryDelayMs)).toEqual([500, 1000, 2000, 2000, 2000]);
  });
});
