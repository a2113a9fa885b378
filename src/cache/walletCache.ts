import type { CacheLayer } from './cacheLayer.ts';
import { CACHE_LIFETIMES_MS } from './lifetimes.ts';
import {
  type NativeBalance,
  nativeBalanceSchema,
  type Profile,
  profileSchema,
  type TokenBalance,
  tokenBalancesSchema,
} from './records.ts';
import { createTimedStore } from './timedRecord.ts';

/** Addresses are keys: EVM checksummed and lowercased forms must hit the same record. */
function addressKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address;
}

function chainKey(chainId: number | string, address: string): string {
  return `${chainId}:${addressKey(address)}`;
}

/**
 * The wallet data caches with the spec's lifetimes: token balances and native balances per chain
 * and address (30 s), ENS names and identities per address (5 min).
 */
export function createWalletCache(layer: CacheLayer) {
  const tokenBalances = createTimedStore(layer, 'balances', {
    ttlMs: CACHE_LIFETIMES_MS.balances,
    schema: tokenBalancesSchema,
    what: 'cached token balances',
  });
  const nativeBalances = createTimedStore(layer, 'nativeBalances', {
    ttlMs: CACHE_LIFETIMES_MS.nativeBalances,
    schema: nativeBalanceSchema,
    what: 'cached native balance',
  });
  const ens = createTimedStore(layer, 'ens', {
    ttlMs: CACHE_LIFETIMES_MS.ens,
    schema: profileSchema,
    what: 'cached ENS name',
  });
  const identities = createTimedStore(layer, 'identities', {
    ttlMs: CACHE_LIFETIMES_MS.identities,
    schema: profileSchema,
    what: 'cached identity',
  });
  return {
    getTokenBalances: (chainId: number, address: string) =>
      tokenBalances.get(chainKey(chainId, address)),
    setTokenBalances: (chainId: number, address: string, value: readonly TokenBalance[]) =>
      tokenBalances.set(chainKey(chainId, address), [...value]),
    getNativeBalance: (chainId: number, address: string) =>
      nativeBalances.get(chainKey(chainId, address)),
    setNativeBalance: (chainId: number, address: string, value: NativeBalance) =>
      nativeBalances.set(chainKey(chainId, address), value),
    /** ENS lives on mainnet only, so the address alone is the key. */
    getEns: (address: string) => ens.get(addressKey(address)),
    setEns: (address: string, value: Profile) => ens.set(addressKey(address), value),
    getIdentity: (address: string) => identities.get(addressKey(address)),
    setIdentity: (address: string, value: Profile) => identities.set(addressKey(address), value),
  };
}

/** The typed wallet caches of one cache layer. */
export type WalletCache = ReturnType<typeof createWalletCache>;
