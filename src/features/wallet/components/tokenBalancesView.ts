import { formatBalance, formatThousands, splitTokenAmount } from '#core/format/balance.ts';
import type { TokenBalancesResult } from '#src/features/wallet/api/loadTokenBalances.ts';

/** One row of a network's token table. */
export interface TokenRow {
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  /** Truncated to 3 decimals with the symbol: '1234.567 USDC' (SPEC section 5). */
  readonly amount: string;
  /** The USD value split for display: '$1,234' and '.50'; null when the source gives no price. */
  readonly usd: { readonly dollars: string; readonly pennies: string } | null;
  readonly iconUrl: string | null;
}

/** What one network's part of the token list shows. */
export type TokenBalancesView =
  | { readonly kind: 'loading' }
  | { readonly kind: 'unavailable'; readonly message: string; readonly offline: boolean }
  | { readonly kind: 'empty'; readonly savedOffline: boolean }
  | {
      readonly kind: 'list';
      readonly rows: readonly TokenRow[];
      /** Whether a Value column is worth showing (the balance API prices tokens, RPC does not). */
      readonly priced: boolean;
      readonly savedOffline: boolean;
    };

/** The message for a network whose balances could not be read (SPEC section 8's toast text). */
const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable';
/** Offline with nothing in the balance cache: what will happen, not an error. */
export const TOKEN_BALANCE_OFFLINE = 'You are offline; token balances load when you reconnect.';

/**
 * The view of one network's token query: its list once known (a failed refresh keeps it), else
 * loading, else why there is none. `savedOffline` marks a list the balance cache served while the
 * browser is offline, so the panel can say so.
 */
export function tokenBalancesView(
  query: { readonly data?: TokenBalancesResult | undefined; readonly error: unknown },
  online: boolean,
): TokenBalancesView {
  const { data } = query;
  if (data) {
    const savedOffline = data.fromCache && !online;
    if (data.tokens.length === 0) return { kind: 'empty', savedOffline };
    const rows = data.tokens.map((token) => ({
      address: token.address,
      symbol: token.symbol,
      name: token.name,
      amount: formatBalance(token.quantity, token.symbol),
      usd: token.usdValue === null ? null : usdParts(token.usdValue),
      iconUrl: token.iconUrl,
    }));
    return { kind: 'list', rows, priced: rows.some((row) => row.usd !== null), savedOffline };
  }
  if (query.error) {
    return online
      ? { kind: 'unavailable', message: TOKEN_BALANCE_UNAVAILABLE, offline: false }
      : { kind: 'unavailable', message: TOKEN_BALANCE_OFFLINE, offline: true };
  }
  return { kind: 'loading' };
}

function usdParts(usdValue: number): { dollars: string; pennies: string } {
  const { dollars, pennies } = splitTokenAmount(usdValue);
  return { dollars: `$${formatThousands(BigInt(dollars))}`, pennies: `.${pennies}` };
}
