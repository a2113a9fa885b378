/** SPEC section 9: token balances are asked again only 30 s after the last failure. */
const TOKEN_BALANCE_RETRY_AFTER_MS = 30_000;

/**
 * Whether a token balance query may ask again: always, unless its last answer was a failure less
 * than {@link TOKEN_BALANCE_RETRY_AFTER_MS} ago (remounts and window focus then wait too).
 */
export function mayAskTokenBalancesAgain(
  state: { readonly status: string; readonly errorUpdatedAt: number },
  nowMs: number,
): boolean {
  return state.status !== 'error' || nowMs - state.errorUpdatedAt >= TOKEN_BALANCE_RETRY_AFTER_MS;
}
