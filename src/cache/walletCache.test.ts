// idb recognises requests by the global IDB classes, so install them; each test still gets its own factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { type CacheLayer, openCacheLayer } from './cacheLayer.ts';
import { createWalletCache, type WalletCache } from './walletCache.ts';

const ADDRESS = '0xAbCdEf0123456789abcdef0123456789ABCDEF01';
const T0 = 1_700_000_000_000;

let time = T0;
let layer: CacheLayer;
let cache: WalletCache;
const logs: string[] = [];

beforeEach(async () => {
  time = T0;
  logs.length = 0;
  layer = await openCacheLayer({
    indexedDB: new IDBFactory(),
    now: () => time,
    log: (message) => logs.push(message),
  });
  expect(layer.backendKind()).toBe('indexeddb');
  cache = createWalletCache(layer);
});

describe('wallet cache lifetimes', () => {
  it('keeps native balances 30 s, exact as bigint, per chain', async () => {
    const balance = { valueMinor: 123_456_789_012_345_678_901n, decimals: 18, symbol: 'ETH' };
    await cache.setNativeBalance(1, ADDRESS, balance);
    await cache.setNativeBalance(42161, ADDRESS, { ...balance, valueMinor: 5n });
    time = T0 + 29_999;
    expect(await cache.getNativeBalance(1, ADDRESS)).toEqual(balance);
    expect((await cache.getNativeBalance(42161, ADDRESS))?.valueMinor).toBe(5n);
    time = T0 + 30_000;
    expect(await cache.getNativeBalance(1, ADDRESS)).toBeUndefined();
  });

  it('keeps token balances 30 s per chain, and an empty list as a known answer', async () => {
    const usdc = {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      name: 'USD Coin',
      symbol: 'USDC',
      decimals: 6,
      quantity: '12.5',
      usdValue: 12.5,
      iconUrl: null,
    };
    await cache.setTokenBalances(1, ADDRESS, [usdc]);
    await cache.setTokenBalances(42161, ADDRESS, []);
    time = T0 + 29_999;
    expect(await cache.getTokenBalances(1, ADDRESS.toLowerCase())).toEqual([usdc]);
    expect(await cache.getTokenBalances(42161, ADDRESS)).toEqual([]);
    time = T0 + 30_000;
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();
    expect(await cache.getTokenBalances(42161, ADDRESS)).toBeUndefined();
  });

  it('reads a stored zero-decimal token list as nothing (SPEC section 5 never keeps one)', async () => {
    const token = { address: '0x1', name: 'Spam', symbol: 'SPAM', quantity: '1' };
    const record = { ...token, decimals: 0, usdValue: null, iconUrl: null };
    await layer.write(
      'balances',
      `1:${ADDRESS.toLowerCase()}`,
      { value: [record], writtenAt: T0 },
      't',
    );
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();
    expect(logs).toContain('Unable to get cached token balances');
  });

  it('keeps ENS names 5 min and matches the address whatever its case', async () => {
    await cache.setEns(ADDRESS, { name: 'ada.eth', avatar: null });
    time = T0 + 299_999;
    expect(await cache.getEns(ADDRESS.toLowerCase())).toEqual({ name: 'ada.eth', avatar: null });
    time = T0 + 300_000;
    expect(await cache.getEns(ADDRESS)).toBeUndefined();
  });

  it('keeps identities 5 min', async () => {
    await cache.setIdentity(ADDRESS, { name: 'Ada', avatar: 'https://example.test/a.png' });
    time = T0 + 299_999;
    expect((await cache.getIdentity(ADDRESS))?.name).toBe('Ada');
    time = T0 + 300_000;
    expect(await cache.getIdentity(ADDRESS)).toBeUndefined();
  });

  it('refreshes the stamp on every write', async () => {
    await cache.setEns(ADDRESS, { name: 'old.eth', avatar: null });
    time = T0 + 200_000;
    await cache.setEns(ADDRESS, { name: 'new.eth', avatar: null });
    time = T0 + 450_000;
    expect((await cache.getEns(ADDRESS))?.name).toBe('new.eth');
  });

  it('reads a record from the future (clock moved back) as nothing', async () => {
    await cache.setIdentity(ADDRESS, { name: 'Ada', avatar: null });
    time = T0 - 1;
    expect(await cache.getIdentity(ADDRESS)).toBeUndefined();
  });

  it('survives reopening the database (records are in IndexedDB, not memory)', async () => {
    const factory = new IDBFactory();
    const first = createWalletCache(await openCacheLayer({ indexedDB: factory, now: () => time }));
    await first.setNativeBalance(1, ADDRESS, { valueMinor: 7n, decimals: 18, symbol: 'ETH' });
    const reopened = await openCacheLayer({ indexedDB: factory, now: () => time });
    expect(reopened.backendKind()).toBe('indexeddb');
    expect((await createWalletCache(reopened).getNativeBalance(1, ADDRESS))?.valueMinor).toBe(7n);
  });

  it('reads a record that fails its schema as nothing and logs why', async () => {
    await layer.write('nativeBalances', `1:${ADDRESS.toLowerCase()}`, { value: 'x' }, 'test');
    expect(await cache.getNativeBalance(1, ADDRESS)).toBeUndefined();
    expect(logs).toContain('Unable to get cached native balance');
  });
});
