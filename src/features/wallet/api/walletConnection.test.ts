import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openCacheLayer } from '#src/cache/cacheLayer.ts';
import { createWalletCache, type WalletCache } from '#src/cache/walletCache.ts';
import { createWalletSettings, type WalletSettings } from '#src/cache/walletSettings.ts';
import { readWalletConnection } from './walletConnection.ts';
import { readCachedWalletSnapshot } from './walletSnapshot.ts';

const ADDRESS = '0x3F736b4947F61A0db0231C9bD8849818d233710D';
const noSession = async () => undefined;
let settings: WalletSettings;
let cache: WalletCache;

beforeEach(async () => {
  const layer = await openCacheLayer({ indexedDB: new IDBFactory(), log: () => {} });
  settings = createWalletSettings(layer);
  cache = createWalletCache(layer);
});

/** What mirrorWalletSettings writes for a wallet connected on `chainId`. */
async function connectedOn(chainId: number) {
  await settings.setConnectionStatus('connected');
  await settings.setConnectorId('eip155', 'io.metamask');
  await settings.setActiveNetworkId(`eip155:${chainId}`);
  await settings.pushRecentWallet({ id: 'io.metamask', name: 'MetaMask', rdns: 'io.metamask' });
}

describe('readWalletConnection', () => {
  it('a wallet connected on Arbitrum One reads its balance on 42161, not mainnet', async () => {
    await connectedOn(42161);
    await cache.setNativeBalance(1, ADDRESS, { valueMinor: 1n, decimals: 18, symbol: 'ETH' });
    const arbitrum = { valueMinor: 2n, decimals: 18, symbol: 'ETH' };
    await cache.setNativeBalance(42161, ADDRESS, arbitrum);

    const connection = await readWalletConnection(settings, noSession);
    expect(connection).toEqual({ chainId: 42161, walletName: 'MetaMask' });
    const snapshot = await readCachedWalletSnapshot(cache, {
      address: ADDRESS,
      chainId: connection.chainId,
    });
    expect(snapshot.nativeBalance).toEqual(arbitrum);
  });

  it('not connected (yet): the sign-in session chain decides, and no wallet name shows', async () => {
    await connectedOn(1);
    await settings.setConnectionStatus('disconnected');
    expect(await readWalletConnection(settings, async () => 42161)).toEqual({
      chainId: 42161,
      walletName: null,
    });
  });

  it('knowing nothing, or only unsupported chains, it is mainnet', async () => {
    expect(await readWalletConnection(settings, noSession)).toEqual({
      chainId: 1,
      walletName: null,
    });
    await connectedOn(10);
    const offline = async () => Promise.reject(new TypeError('Failed to fetch'));
    expect((await readWalletConnection(settings, offline)).chainId).toBe(1);
  });
});
