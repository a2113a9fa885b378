import type { TokenBalance } from '#src/cache/records.ts';

const ZERO_QUANTITY = /^0+(\.0+)?$/;

/**
 * The tokens worth a row: SPEC section 5 drops zero-decimal tokens (mostly spam on the balance
 * API), and a zero quantity (a watched token the account does not hold) says nothing.
 */
export function shownTokenBalances(tokens: readonly TokenBalance[]): TokenBalance[] {
  return tokens.filter((token) => token.decimals > 0 && !ZERO_QUANTITY.test(token.quantity));
}
