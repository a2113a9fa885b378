// idb recognises requests by the global IDB classes, so install them; each test still gets its own factory.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { openCacheLayer } from './cacheLayer.ts';
import type { DirectoryWallet } from './records.ts';
import { createWalletSettings, type WalletSettings } from './walletSettings.ts';

const wallet = (id: string): DirectoryWallet => ({
  id,
  name: `Wallet ${id}`,
  mobile_link: `${id}://`,
});
let settings: WalletSettings;

beforeEach(async () => {
  const layer = await openCacheLayer({ indexedDB: new IDBFactory() });
  expect(layer.backendKind()).toBe('indexeddb');
  settings = createWalletSettings(layer);
});

describe('recent wallets', () => {
  it('starts empty', async () => {
    expect(await settings.getRecentWallets()).toEqual([]);
  });

  it('keeps at most 2, newest first', async () => {
    await settings.pushRecentWallet(wallet('a'));
    await settings.pushRecentWallet(wallet('b'));
    await settings.pushRecentWallet(wallet('c'));
    expect((await settings.getRecentWallets()).map((entry) => entry.id)).toEqual(['c', 'b']);
  });

  it('moves a wallet used again to the front without duplicating it', async () => {
    await settings.pushRecentWallet(wallet('a'));
    await settings.pushRecentWallet(wallet('b'));
    await settings.pushRecentWallet({ ...wallet('a'), name: 'Renamed' });
    const recent = await settings.getRecentWallets();
    expect(recent.map((entry) => entry.id)).toEqual(['a', 'b']);
    expect(recent[0]?.name).toBe('Renamed');
  });
});

describe('wallet settings', () => {
  it('keeps one connector id per namespace and forgets it on removal', async () => {
    await settings.setConnectorId('eip155', 'io.metamask');
    await settings.setConnectorId('solana', 'phantom');
    expect(await settings.getConnectorId('eip155')).toBe('io.metamask');
    expect(await settings.getConnectorId('solana')).toBe('phantom');
    await settings.removeConnectorId('eip155');
    expect(await settings.getConnectorId('eip155')).toBeUndefined();
    expect(await settings.getConnectorId('solana')).toBe('phantom');
  });

  it('keeps the active namespace, network and connection status', async () => {
    await settings.setActiveNamespace('eip155');
    await settings.setActiveNetworkId('eip155:42161');
    await settings.setConnectionStatus('connected');
    expect(await settings.getActiveNamespace()).toBe('eip155');
    expect(await settings.getActiveNetworkId()).toBe('eip155:42161');
    expect(await settings.getConnectionStatus()).toBe('connected');
  });

  it('lists connected namespaces without duplicates', async () => {
    await settings.addConnectedNamespace('eip155');
    await settings.addConnectedNamespace('solana');
    await settings.addConnectedNamespace('eip155');
    expect(await settings.getConnectedNamespaces()).toEqual(['eip155', 'solana']);
    expect(await settings.removeConnectedNamespace('eip155')).toEqual(['solana']);
  });
});
