import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { http } from 'viem';
import { arbitrum, mainnet } from 'viem/chains';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createConfig } from 'wagmi';
import { type CacheLayer, openCacheLayer } from '#src/cache/cacheLayer.ts';
import { createWalletCache, type WalletCache } from '#src/cache/walletCache.ts';
import { loadTokenBalances, type TokenBalanceSource } from './loadTokenBalances.ts';
import { STUB_API_ORIGIN, stubBalanceHttp, stubRpcUrl } from './stubBalanceHttp.ts';

const ADDRESS = '0x3F736b4947F61A0db0231C9bD8849818d233710D';
const MAINNET_USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const MAINNET_DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F';
const MAINNET_WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2';
const ARBITRUM_ARB = '0x912CE59144191C1204E64559FE8253a0e49E6548';
const T0 = 1_700_000_000_000;

let time = T0;
let network: ReturnType<typeof stubBalanceHttp>;
let layer: CacheLayer;
let cache: WalletCache;

const rpcSource: TokenBalanceSource = {
  kind: 'rpc',
  wagmiConfig: createConfig({
    chains: [mainnet, arbitrum],
    transports: {
      [mainnet.id]: http(stubRpcUrl(1), { retryCount: 0 }),
      [arbitrum.id]: http(stubRpcUrl(42161), { retryCount: 0 }),
    },
  }),
};
const apiSource: TokenBalanceSource = {
  kind: 'api',
  projectId: 'project-1',
  sdk: { type: 'appkit', version: 'react-wagmi-1.8.24' },
  baseUrl: STUB_API_ORIGIN,
};

async function openCache(indexedDB: IDBFactory = new IDBFactory()) {
  layer = await openCacheLayer({ indexedDB, now: () => time, log: () => {} });
  cache = createWalletCache(layer);
}

function load(chainId: number, source: TokenBalanceSource = rpcSource) {
  return loadTokenBalances({
    cache,
    wallet: { address: ADDRESS, chainId },
    source: async () => source,
  });
}

/** A balance API entry as Reown sends it (SPEC section 3, Token balance). */
function apiEntry(symbol: string, address: string | undefined, decimals: string, numeric: string) {
  return {
    name: symbol,
    symbol,
    chainId: 'eip155:1',
    ...(address === undefined ? {} : { address: `eip155:1:${address}` }),
    value: 12.3,
    price: 1,
    quantity: { decimals, numeric },
    iconUrl: `https://icons.example/${symbol}.png`,
  };
}

beforeEach(async () => {
  time = T0;
  network = stubBalanceHttp();
  vi.stubGlobal('fetch', network.fetch);
  await openCache();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token balances over RPC (no Reown project id)', () => {
  it("reads each watched token's balanceOf, exact, leaves out those not held, and caches the list", async () => {
    network.state.balances.set(MAINNET_USDC.toLowerCase(), 1_234_567_890n);
    network.state.balances.set(MAINNET_DAI.toLowerCase(), 0n);
    network.state.balances.set(MAINNET_WETH.toLowerCase(), 1_500_000_000_000_000_001n);
    network.state.balances.set('0xdac17f958d2ee523a2206206994597c13d831ec7', 0n);

    const result = await load(1);
    expect(result.fromCache).toBe(false);
    expect(result.tokens.map(({ symbol, quantity }) => ({ symbol, quantity }))).toEqual([
      { symbol: 'USDC', quantity: '1234.56789' },
      { symbol: 'WETH', quantity: '1.500000000000000001' },
    ]);
    expect(result.tokens[0]).toMatchObject({ address: MAINNET_USDC, decimals: 6, usdValue: null });
    expect(network.state.balanceOfCalls).toBe(4);
    expect(await cache.getTokenBalances(1, ADDRESS)).toEqual(result.tokens);
  });

  it("asks Arbitrum One's RPC for Arbitrum's tokens", async () => {
    network.state.balances.set(MAINNET_USDC.toLowerCase(), 5_000_000n);
    for (const address of [
      '0xaf88d065e77c8cc2239327c5edb3a432268e5831',
      '0xfd086bc7cd5c481dcc9c85ebe478a1c0b69fcbb9',
      '0x82af49447d8a07e3bd95bd0d56f35241523fbab1',
    ]) {
      network.state.balances.set(address, 0n);
    }
    network.state.balances.set(ARBITRUM_ARB.toLowerCase(), 42n * 10n ** 18n);
    const result = await load(42161);
    expect(result.tokens.map((token) => [token.symbol, token.quantity])).toEqual([['ARB', '42']]);
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();
  });

  it('rejects when a balanceOf call fails, and caches nothing', async () => {
    network.state.balances.set(MAINNET_USDC.toLowerCase(), 1n); // the three others revert
    await expect(load(1)).rejects.toThrow('Token Balance Unavailable');
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();
  });
});

describe('the 30-second balance cache', () => {
  it('serves the list offline for 30 s without asking, then asks the network again', async () => {
    network.state.balances.set(MAINNET_USDC.toLowerCase(), 2_000_000n);
    for (const address of [
      MAINNET_DAI,
      MAINNET_WETH,
      '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    ]) {
      network.state.balances.set(address.toLowerCase(), 0n);
    }
    const online = await load(1);
    const callsOnline = network.state.balanceOfCalls;

    network.state.offline = true;
    time = T0 + 29_999;
    expect(await load(1)).toEqual({ tokens: online.tokens, fromCache: true });
    expect(network.state.balanceOfCalls).toBe(callsOnline);

    time = T0 + 30_000;
    await expect(load(1)).rejects.toThrow('Token Balance Unavailable');

    network.state.offline = false;
    network.state.balances.set(MAINNET_USDC.toLowerCase(), 3_000_000n);
    const refetched = await load(1);
    expect(refetched.fromCache).toBe(false);
    expect(refetched.tokens.map((token) => token.quantity)).toEqual(['3']);
    expect(network.state.balanceOfCalls).toBe(2 * callsOnline);
  });

  it('works the same when IndexedDB cannot open (the layer falls back to memory)', async () => {
    const failingFactory = {
      open: () => {
        throw new DOMException('A mutation operation was attempted', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    await openCache(failingFactory);
    expect(layer.backendKind()).toBe('memory');
    network.state.apiAnswer = { balances: [apiEntry('USDC', MAINNET_USDC, '6', '7.25')] };

    const online = await load(1, apiSource);
    expect(online.tokens.map((token) => token.quantity)).toEqual(['7.25']);
    network.state.offline = true;
    time = T0 + 29_999;
    expect(await load(1, apiSource)).toEqual({ tokens: online.tokens, fromCache: true });
    expect(network.state.apiUrls).toHaveLength(1);
    time = T0 + 30_000;
    await expect(load(1, apiSource)).rejects.toThrow('Token Balance Unavailable');
  });
});

describe("token balances from Reown's balance API (a real project id)", () => {
  it('asks for USD values on the CAIP chain with the project id and SDK, and keeps the values', async () => {
    network.state.apiAnswer = { balances: [apiEntry('USDC', MAINNET_USDC, '6', '12.3')] };
    const result = await load(1, apiSource);
    expect(result.tokens).toEqual([
      {
        address: MAINNET_USDC,
        name: 'USDC',
        symbol: 'USDC',
        decimals: 6,
        quantity: '12.3',
        usdValue: 12.3,
        iconUrl: 'https://icons.example/USDC.png',
      },
    ]);
    const url = new URL(network.state.apiUrls[0] ?? '');
    expect(url.pathname).toBe(`/v1/account/${ADDRESS}/balance`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      currency: 'usd',
      chainId: 'eip155:1',
      st: 'appkit',
      sv: 'react-wagmi-1.8.24',
      projectId: 'project-1',
    });
    expect(network.state.balanceOfCalls).toBe(0);
    expect(await cache.getTokenBalances(1, ADDRESS)).toEqual(result.tokens);
  });

  it('drops zero-decimal tokens, the native coin, other chains and entries failing the type check', async () => {
    const spam = '0x1111111111111111111111111111111111111111';
    network.state.apiAnswer = {
      balances: [
        apiEntry('SPAM', spam, '0', '1000'),
        apiEntry('ETH', undefined, '18', '1.5'),
        { ...apiEntry('USDC', MAINNET_USDC, '6', '4'), chainId: 'eip155:42161' },
        { ...apiEntry('BAD', spam, '6', '4'), quantity: { decimals: 6, numeric: 4 } },
        { ...apiEntry('NOSYMBOL', spam, '6', '4'), symbol: undefined },
        apiEntry('WETH', MAINNET_WETH, '18', '0.25'),
      ],
    };
    const result = await load(1, apiSource);
    expect(result.tokens.map((token) => token.symbol)).toEqual(['WETH']);
  });

  it('ignores an answer that is not a balance list, or not OK, and caches nothing', async () => {
    network.state.apiAnswer = { data: [apiEntry('USDC', MAINNET_USDC, '6', '1')] };
    await expect(load(1, apiSource)).rejects.toThrow('Token Balance Unavailable');
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();

    network.state.apiAnswer = { balances: [apiEntry('USDC', MAINNET_USDC, '6', '1')] };
    network.state.apiStatus = 500;
    await expect(load(1, apiSource)).rejects.toThrow('HTTP status code: 500');
    expect(await cache.getTokenBalances(1, ADDRESS)).toBeUndefined();
  });
});
