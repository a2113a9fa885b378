import { queryOptions } from '@tanstack/react-query';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import { createWalletCache } from '#src/cache/walletCache.ts';
import { createWalletSettings } from '#src/cache/walletSettings.ts';
import { LOCAL_REOWN_PROJECT_ID, REOWN_PROJECT_ID } from '#src/config/env.ts';
import { getWalletSession } from '#src/lib/auth/getWalletSession.ts';
import { loadAppKit } from '#src/lib/wallet/appkit.ts';
import { fetchWalletSnapshot, type IdentityUrl } from './fetchWalletSnapshot.ts';
import { identityUrl } from './identityUrl.ts';
import { readWalletConnection } from './walletConnection.ts';
import { readCachedWalletSnapshot } from './walletSnapshot.ts';

/** The wallet panel's subject: the signed-in address on the chain it signed in on. */
export interface WalletRef {
  readonly address: `0x${string}`;
  readonly chainId: number;
}

/** Identity lookups need a real Reown project; the local placeholder has none. */
function identityUrlFor(sdk: { type: string; version: string }): IdentityUrl {
  if (REOWN_PROJECT_ID === LOCAL_REOWN_PROJECT_ID) return undefined;
  return (address) => identityUrl(address, { projectId: REOWN_PROJECT_ID, sdk });
}

/**
 * Wallet data comes from the cache layer, within its lifetimes (balances 30 s, ENS and identity
 * 5 min); a copy in the saved query cache would show on a cold start after they ran out.
 */
const NOT_PERSISTED = { persist: false } as const;

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
    meta: NOT_PERSISTED,
  });
}

/** The panel's data from the network (wagmi, wallet directory), refreshing the cache. */
export function freshWalletSnapshotQueryOptions(wallet: WalletRef) {
  return queryOptions({
    queryKey: ['walletSnapshot', 'fresh', wallet.chainId, wallet.address.toLowerCase()] as const,
    queryFn: async () => {
      const { wagmiConfig, sdk } = await loadAppKit();
      return fetchWalletSnapshot({
        wagmiConfig,
        cache: await walletCache(),
        wallet,
        identityUrl: identityUrlFor(sdk),
      });
    },
    // The native balance lives 30 s in the cache; asking more often gains nothing.
    staleTime: 30_000,
    retry: 1,
    meta: NOT_PERSISTED,
  });
}

/**
 * The wallet's network and name from the settings store (the session's chain as a fallback).
 * Switching networks ends the sign-in session (SPEC section 4), so the answer holds for the page.
 */
export function walletConnectionQueryOptions() {
  return queryOptions({
    queryKey: ['walletConnection'] as const,
    queryFn: async () =>
      readWalletConnection(
        createWalletSettings(await getAppCacheLayer()),
        async () => (await getWalletSession())?.chainId,
      ),
    networkMode: 'always',
    retry: false,
    meta: NOT_PERSISTED,
  });
}
