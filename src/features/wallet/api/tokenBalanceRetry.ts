/** SPEC section 9: token balances are asked again only 30 s after the last failure. */
const TOKEN_BALANCE_RETRY_AFTER_MS = 30_000;

/**
 * Whether a token balance query may ask again: always, unless its last answer was a failure less
 * than 30 s ago (remounts and window focus then wait too). A failure while offline does not count:
 * reconnecting asks at once.
 */
export function mayAskTokenBalancesAgain(
  state: { readonly status: string; readonly errorUpdatedAt: number; readonly error: unknown },
  nowMs: number,
): boolean {
  if (state.status !== 'error' || failedOffline(state.error)) return true;
  return nowMs - state.errorUpdatedAt >= TOKEN_BALANCE_RETRY_AFTER_MS;
}

/** True for a failure while the browser was offline (a TokenBalancesError marked `offline`). */
export function failedOffline(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'offline' in error && error.offline === true
  );
}
