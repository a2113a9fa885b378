import { describe, expect, it } from 'vitest';
import { mayAskTokenBalancesAgain } from './tokenBalanceRetry.ts';
import { TokenBalancesError } from './tokenBalancesError.ts';

const FAILED_AT = 1_700_000_000_000;

describe('mayAskTokenBalancesAgain', () => {
  it('waits 30 s after a failure before asking again', () => {
    const failed = {
      status: 'error',
      errorUpdatedAt: FAILED_AT,
      error: new TokenBalancesError('HTTP status code: 500'),
    };
    expect(mayAskTokenBalancesAgain(failed, FAILED_AT + 29_999)).toBe(false);
    expect(mayAskTokenBalancesAgain(failed, FAILED_AT + 30_000)).toBe(true);
  });

  it('asks at once after a failure while offline (reconnecting must load the list)', () => {
    const offline = new TokenBalancesError('offline', new TypeError('Failed to fetch'), {
      offline: true,
    });
    const failed = { status: 'error', errorUpdatedAt: FAILED_AT, error: offline };
    expect(mayAskTokenBalancesAgain(failed, FAILED_AT + 1)).toBe(true);
  });

  it('asks whenever the last answer was not a failure', () => {
    const answered = { status: 'success', errorUpdatedAt: FAILED_AT, error: null };
    expect(mayAskTokenBalancesAgain(answered, FAILED_AT)).toBe(true);
    expect(mayAskTokenBalancesAgain({ status: 'pending', errorUpdatedAt: 0, error: null }, 0)).toBe(
      true,
    );
  });
});
