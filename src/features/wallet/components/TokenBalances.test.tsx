// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import type { TokenBalance } from '#src/cache/records.ts';
import { createWalletCache } from '#src/cache/walletCache.ts';
import { NetworkTokenList } from './NetworkTokenList.tsx';
import { TokenBalances } from './TokenBalances.tsx';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ADDRESS = '0x3F736b4947F61A0db0231C9bD8849818d233710D';
const usdc: TokenBalance = {
  address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  name: 'USD Coin',
  symbol: 'USDC',
  decimals: 6,
  quantity: '1234.56789',
  usdValue: 1234.5,
  iconUrl: null,
};

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
});

function render(element: ReactNode): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => root?.render(element));
  return container;
}

const texts = (elements: NodeListOf<Element>) =>
  [...elements].map((element) => element.textContent?.trim());

describe('TokenBalances', () => {
  it('lists what the balance cache holds for each network as a labelled table, without the network', async () => {
    const cache = createWalletCache(await getAppCacheLayer());
    await cache.setTokenBalances(1, ADDRESS, [usdc]);
    await cache.setTokenBalances(42161, ADDRESS, []);
    const client = new QueryClient();
    const container = render(
      <QueryClientProvider client={client}>
        <TokenBalances address={ADDRESS} />
      </QueryClientProvider>,
    );
    const ethereum = () => container.querySelector('[data-chain-id="1"]');
    const arbitrum = () => container.querySelector('[data-chain-id="42161"]');
    await vi.waitFor(() => expect(ethereum()?.getAttribute('data-state')).toBe('list'));
    await vi.waitFor(() => expect(arbitrum()?.getAttribute('data-state')).toBe('empty'));

    const table = ethereum()?.querySelector('table');
    expect(table?.querySelector('caption')?.textContent).toBe('Token balances on Ethereum');
    expect(texts(table?.querySelectorAll('thead th[scope="col"]') as NodeListOf<Element>)).toEqual([
      'Token',
      'Amount',
      'Value',
    ]);
    const row = table?.querySelector('tbody tr');
    expect(row?.querySelector('th[scope="row"]')?.textContent).toBe('USDCUSD Coin');
    expect(row?.querySelector('.token-amount')?.textContent).toBe('1234.567 USDC');
    expect(row?.querySelector('.token-value')?.textContent).toBe('$1,234.50');
    expect(arbitrum()?.querySelector('[role="status"]')?.textContent).toBe(
      'No tokens on this network',
    );
    expect(container.querySelector('h3')?.textContent).toBe('Token balances');
    expect(texts(container.querySelectorAll('h4'))).toEqual(['Ethereum', 'Arbitrum One']);
    // Both lists came from the cache: nothing was loaded or asked of the network.
    expect(
      client
        .getQueryCache()
        .findAll()
        .every((query) => query.state.status === 'success'),
    ).toBe(true);
  });
});

describe('NetworkTokenList', () => {
  it('announces loading politely and a failure as an alert', () => {
    const container = render(
      <>
        <NetworkTokenList networkName="Ethereum" chainId={1} view={{ kind: 'loading' }} busy />
        <NetworkTokenList
          networkName="Arbitrum One"
          chainId={42161}
          view={{ kind: 'unavailable', message: 'Token Balance Unavailable', offline: false }}
          busy={false}
        />
      </>,
    );
    expect(container.querySelector('[data-chain-id="1"] [role="status"]')?.textContent).toBe(
      'Loading token balances…',
    );
    expect(container.querySelector('[data-chain-id="1"]')?.getAttribute('aria-busy')).toBe('true');
    expect(container.querySelector('[data-chain-id="42161"] [role="alert"]')?.textContent).toBe(
      'Token Balance Unavailable',
    );
  });

  it('says a list shown offline came from this device, and leaves the Value column out unpriced', () => {
    const container = render(
      <NetworkTokenList
        networkName="Ethereum"
        chainId={1}
        view={{
          kind: 'list',
          rows: [{ ...usdc, amount: '1.000 USDC', usd: null }],
          priced: false,
          savedOffline: true,
        }}
        busy={false}
      />,
    );
    expect(texts(container.querySelectorAll('thead th'))).toEqual(['Token', 'Amount']);
    expect(container.querySelector('.token-note')?.textContent).toBe(
      'Offline: showing the balances saved on this device.',
    );
  });
});
