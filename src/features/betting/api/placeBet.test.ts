import { describe, expect, it } from 'vitest';
import { HttpError } from '#src/lib/http/requestJson.ts';
import { retriesBet } from './placeBet.ts';

describe("the betting panel's retry", () => {
  it('reads a failed fetch as no answer and an HttpError by its status', () => {
    expect(retriesBet(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(retriesBet(1, new HttpError('The server could not answer.', 502))).toBe(true);
    expect(retriesBet(1, new HttpError('Your balance is too low for this bet.', 400))).toBe(false);
    expect(retriesBet(1, new Error('The answer did not parse.'))).toBe(false);
    expect(retriesBet(6, new TypeError('Failed to fetch'))).toBe(false);
  });
});
