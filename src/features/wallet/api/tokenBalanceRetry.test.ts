import { describe, expect, it } from 'vitest';
import { mayAskTokenBalancesAgain } from './tokenBalanceRetry.ts';

const FAILED_AT = 1_700_000_000_000;

describe('mayAskTokenBalancesAgain', () => {
  it('waits 30 s after a failure before asking again', () => {
    const failed = { status: 'error', errorUpdatedAt: FAILED_AT };
    expect(mayAskTokenBalancesAgain(failed, FAILED_AT + 29_999)).toBe(false);
    expect(mayAskTokenBalancesAgain(failed, FAILED_AT + 30_000)).toBe(true);
  });

  it('asks whenever the last answer was not a failure', () => {
    expect(
      mayAskTokenBalancesAgain({ status: 'success', errorUpdatedAt: FAILED_AT }, FAILED_AT),
    ).toBe(true);
    expect(mayAskTokenBalancesAgain({ status: 'pending', errorUpdatedAt: 0 }, 0)).toBe(true);
  });
});
