// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import { announceWalletSettingsChange, createWalletSettings } from '#src/cache/walletSettings.ts';
import { useWalletConnection } from './useWalletConnection.ts';

// React's act() warns unless the environment says it is a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function ConnectionView() {
  const { data } = useWalletConnection();
  return <output>{data ? `${data.walletName ?? 'none'} on ${data.chainId}` : 'reading'}</output>;
}

it('reads the connection again when the mirror announces an update, as after a reconnect', async () => {
  const settings = createWalletSettings(await getAppCacheLayer());
  const wallet = { id: 'io.test', name: 'Test Wallet', rdns: 'io.test' };
  await settings.pushRecentWallet(wallet);
  // A page load: the wallet is still reconnecting when the panel first reads.
  await settings.setConnectionStatus('connecting');
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() =>
    root.render(
      <QueryClientProvider client={new QueryClient()}>
        <ConnectionView />
      </QueryClientProvider>,
    ),
  );
  await vi.waitFor(() => expect(container.textContent).toBe('none on 1'));

  // The reconnect lands and the mirror writes it: the panel must not keep its first answer.
  await settings.setConnectorId('eip155', 'io.test');
  await settings.setActiveNetworkId('eip155:42161');
  await settings.setConnectionStatus('connected');
  announceWalletSettingsChange();
  await vi.waitFor(() => expect(container.textContent).toBe('Test Wallet on 42161'));
  act(() => root.unmount());
});
