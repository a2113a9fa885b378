import { queryOptions } from '@tanstack/react-query';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import { CACHE_LIFETIMES_MS } from '#src/cache/lifetimes.ts';
import { createWalletCache } from '#src/cache/walletCache.ts';
import { LOCAL_REOWN_PROJECT_ID, REOWN_PROJECT_ID } from '#src/config/env.ts';
import { loadAppKit } from '#src/lib/wallet/appkit.ts';
import { loadTokenBalances, type TokenBalanceSource } from './loadTokenBalances.ts';
import { mayAskTokenBalancesAgain } from './tokenBalanceRetry.ts';
import { TokenBalancesError } from './tokenBalancesError.ts';

/** The balance API needs a real Reown project; with the local placeholder the RPCs answer. */
async function tokenBalanceSource(): Promise<TokenBalanceSource> {
  const { wagmiConfig, sdk } = await loadAppKit();
  return REOWN_PROJECT_ID === LOCAL_REOWN_PROJECT_ID
    ? { kind: 'rpc', wagmiConfig }
    : { kind: 'api', projectId: REOWN_PROJECT_ID, sdk };
}

/**
 * One chain's token balances for the wallet panel, cache first (see loadTokenBalances). Never
 * saved with the query cache: the balance cache alone decides how long a list may be shown.
 */
export function tokenBalancesQueryOptions(wallet: { address: `0x${string}`; chainId: number }) {
  return queryOptions({
    queryKey: ['tokenBalances', wallet.chainId, wallet.address.toLowerCase()] as const,
    queryFn: async () => {
      try {
        return await loadTokenBalances({
          cache: createWalletCache(await getAppCacheLayer()),
          wallet,
          source: tokenBalanceSource,
        });
      } catch (error) {
        if (navigator.onLine) throw error;
        throw new TokenBalancesError('the browser is offline', error, { offline: true });
      }
    },
    // Offline the cache may still answer, so the query runs rather than pausing.
    networkMode: 'always',
    staleTime: CACHE_LIFETIMES_MS.balances,
    // SPEC section 9: after a failure, nothing is asked for 30 s (no retry, no refetch on mount
    // or focus); a failed query shows 'Token Balance Unavailable' meanwhile. Offline failures
    // are exempt, so reconnecting asks again (see useTokenBalances).
    retry: false,
    enabled: (query) => mayAskTokenBalancesAgain(query.state, Date.now()),
    meta: { persist: false },
  });
}
