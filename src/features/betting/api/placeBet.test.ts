import { describe, expect, it } from 'vitest';
import { HttpError } from '#src/lib/http/requestJson.ts';
import { betRetryDelayMs, retriesBet } from './placeBet.ts';

describe('a bet sent again by itself', () => {
  it('goes again when no process answered: no answer at all, 502, 503 or 504', () => {
    expect(retriesBet(1, new TypeError('Failed to fetch'))).toBe(true);
    for (const status of [502, 503, 504]) {
      expect(retriesBet(1, new HttpError('The server could not answer.', status))).toBe(true);
    }
  });

  it('never goes again when the server refused it or failed on it', () => {
    for (const status of [400, 401, 409, 429, 500]) {
      expect(retriesBet(1, new HttpError('Refused.', status))).toBe(false);
    }
    expect(retriesBet(1, new Error('The answer did not parse.'))).toBe(false);
  });

  it('gives up after five more sends, waiting 0.5 s, then 1, then 2 at most', () => {
    expect(retriesBet(5, new TypeError('Failed to fetch'))).toBe(true);
    expect(retriesBet(6, new TypeError('Failed to fetch'))).toBe(false);
    expect([1, 2, 3, 4, 5].map(betRetryDelayMs)).toEqual([500, 1000, 2000, 2000, 2000]);
  });
});
