import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { custom, http, type Transport } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { createConfig } from 'wagmi';
import { openCacheLayer } from '#src/cache/cacheLayer.ts';
import { createWalletCache } from '#src/cache/walletCache.ts';
import { fetchWalletSnapshot } from './fetchWalletSnapshot.ts';
import { readCachedWalletSnapshot } from './walletSnapshot.ts';

const wallet = { address: '0x3F736b4947F61A0db0231C9bD8849818d233710D', chainId: 1 } as const;
/** An EIP-1193 node that knows balances and nothing else (no ENS), as viem's custom transport. */
function balanceNode(balanceWei: bigint) {
  return custom({
    async request({ method }: { method: string }) {
      if (method === 'eth_getBalance') return `0x${balanceWei.toString(16)}`;
      throw Object.assign(new Error('not here'), { code: -32601 });
    },
  });
}

async function setUp(transport: Transport) {
  const cache = createWalletCache(await openCacheLayer({ indexedDB: new IDBFactory() }));
  const wagmiConfig = createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: transport },
    batch: { multicall: false },
  });
  return { cache, wagmiConfig };
}

describe('fetchWalletSnapshot', () => {
  it('reads the native balance through wagmi and writes it into the cache, exact', async () => {
    const { cache, wagmiConfig } = await setUp(balanceNode(1_234_567_890_123_456_789n));
    const snapshot = await fetchWalletSnapshot({
      wagmiConfig,
      cache,
      wallet,
      identityUrl: undefined,
    });
    const expected = { valueMinor: 1_234_567_890_123_456_789n, decimals: 18, symbol: 'ETH' };
    expect(snapshot.nativeBalance).toEqual(expected);
    expect(snapshot.ens).toBeUndefined(); // the node has no ENS: that part fails alone
    expect((await readCachedWalletSnapshot(cache, wallet)).nativeBalance).toEqual(expected);
  });

  it('with no RPC reachable resolves with nothing new and leaves the cache as it was', async () => {
    const { cache, wagmiConfig } = await setUp(http('http://127.0.0.1:9', { retryCount: 0 }));
    const cached = { valueMinor: 5n, decimals: 18, symbol: 'ETH' };
    await cache.setNativeBalance(1, wallet.address, cached);
    const snapshot = await fetchWalletSnapshot({
      wagmiConfig,
      cache,
      wallet,
      identityUrl: undefined,
    });
    expect(snapshot).toEqual({ nativeBalance: undefined, ens: undefined, identity: undefined });
    expect((await readCachedWalletSnapshot(cache, wallet)).nativeBalance).toEqual(cached);
  });
});
