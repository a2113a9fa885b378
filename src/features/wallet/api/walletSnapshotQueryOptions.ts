import { queryOptions } from '@tanstack/react-query';
import { getAppCacheLayer } from '../../../cache/appCache.ts';
import { createWalletCache } from '../../../cache/walletCache.ts';
import { LOCAL_REOWN_PROJECT_ID, REOWN_PROJECT_ID } from '../../../config/env.ts';
import { loadAppKit } from '../../../lib/wallet/appkit.ts';
import { fetchWalletSnapshot, type IdentityUrl } from './fetchWalletSnapshot.ts';
import { readCachedWalletSnapshot } from './walletSnapshot.ts';

/** The wallet panel's subject: the signed-in address on the chain it signed in on. */
export interface WalletRef {
  readonly address: `0x${string}`;
  readonly chainId: number;
}

const identityUrl: IdentityUrl =
  REOWN_PROJECT_ID === LOCAL_REOWN_PROJECT_ID
    ? undefined
    : (address) =>
        `https://rpc.walletconnect.org/v1/identity/${address}?projectId=${REOWN_PROJECT_ID}`;

async function walletCache() {
  return createWalletCache(await getAppCacheLayer());
}

/** The panel's data from the IndexedDB cache: answers in milliseconds, offline too. */
export function cachedWalletSnapshotQueryOptions(wallet: WalletRef) {
  return queryOptions({
    queryKey: ['walletSnapshot', 'cached', wallet.chainId, wallet.address.toLowerCase()] as const,
    queryFn: async () => readCachedWalletSnapshot(await walletCache(), wallet),
    staleTime: 0,
    networkMode: 'always',
  });
}

/** The panel's data from the network (wagmi, wallet directory), refreshing the cache. */
export function freshWalletSnapshotQueryOptions(wallet: WalletRef) {
  return queryOptions({
    queryKey: ['walletSnapshot', 'fresh', wallet.chainId, wallet.address.toLowerCase()] as const,
    queryFn: async () =>
      fetchWalletSnapshot({
        wagmiConfig: (await loadAppKit()).wagmiConfig,
        cache: await walletCache(),
        wallet,
        identityUrl,
      }),
    // The native balance lives 30 s in the cache; asking more often gains nothing.
    staleTime: 30_000,
    retry: 1,
  });
}
