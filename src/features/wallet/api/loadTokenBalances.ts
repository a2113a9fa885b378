import type { Config } from 'wagmi';
import type { TokenBalance } from '#src/cache/records.ts';
import type { WalletCache } from '#src/cache/walletCache.ts';
import { balanceApiUrl } from './balanceApiUrl.ts';
import { fetchApiTokenBalances } from './fetchApiTokenBalances.ts';
import { fetchRpcTokenBalances } from './fetchRpcTokenBalances.ts';

/**
 * Where a chain's token list comes from when the cache has none: Reown's balance API (a real
 * project id: every token held, with USD values), else `balanceOf` over the configured RPCs for
 * the watched tokens. `baseUrl` replaces the API's origin in tests.
 */
export type TokenBalanceSource =
  | {
      readonly kind: 'api';
      readonly projectId: string;
      readonly sdk: { type: string; version: string };
      readonly baseUrl?: string;
    }
  | { readonly kind: 'rpc'; readonly wagmiConfig: Config };

/** A chain's token list and whether it came from the cache (so it may be up to 30 s old). */
export interface TokenBalancesResult {
  readonly tokens: readonly TokenBalance[];
  readonly fromCache: boolean;
}

/**
 * A chain's token balances through the 30-second balance cache, as AppKit reads its own: a list
 * written less than 30 s ago is the answer, offline too, and nothing is asked; otherwise the
 * source is asked (`source` is called only then: it loads the wallet stack) and its answer cached.
 * A failed or malformed answer rejects and leaves the cache as it was.
 */
export async function loadTokenBalances(options: {
  cache: WalletCache;
  wallet: { address: `0x${string}`; chainId: number };
  source: () => Promise<TokenBalanceSource>;
}): Promise<TokenBalancesResult> {
  const { cache, wallet } = options;
  const cached = await cache.getTokenBalances(wallet.chainId, wallet.address);
  if (cached) return { tokens: cached, fromCache: true };
  const source = await options.source();
  const tokens =
    source.kind === 'api'
      ? await fetchApiTokenBalances(
          balanceApiUrl(wallet.address, wallet.chainId, source),
          wallet.chainId,
        )
      : await fetchRpcTokenBalances(source.wagmiConfig, wallet);
  await cache.setTokenBalances(wallet.chainId, wallet.address, tokens);
  return { tokens, fromCache: false };
}
