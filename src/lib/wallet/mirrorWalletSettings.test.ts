import { IDBFactory } from 'fake-indexeddb';
import { custom } from 'viem';
import { mainnet } from 'viem/chains';
import { describe, expect, test } from 'vitest';
import { createConfig } from 'wagmi';
import { connect, disconnect } from 'wagmi/actions';
import { mock } from 'wagmi/connectors';
import { openCacheLayer } from '#src/cache/cacheLayer.ts';
import { createWalletSettings, onWalletSettingsChange } from '#src/cache/walletSettings.ts';
import { mirrorWalletSettings, settingsUpdateFor } from './mirrorWalletSettings.ts';

const ADDRESS = '0x00000000000000000000000000000000000000a1';

describe('settingsUpdateFor', () => {
  test('a connected wallet names its connector, CAIP network and a recent-wallet entry', () => {
    const update = settingsUpdateFor({
      status: 'connected',
      chainId: 42161,
      connector: { id: 'io.test', name: 'Test Wallet', rdns: 'io.test', icon: 'data:x' },
    });
    expect(update).toEqual({
      status: 'connected',
      connected: {
        connectorId: 'io.test',
        caipNetworkId: 'eip155:42161',
        wallet: { id: 'io.test', name: 'Test Wallet', rdns: 'io.test', image_url: 'data:x' },
      },
    });
  });

  test('reconnecting reads as connecting, and disconnected carries nothing else', () => {
    expect(settingsUpdateFor({ status: 'reconnecting', chainId: 1, connector: undefined })).toEqual(
      { status: 'connecting' },
    );
    expect(
      settingsUpdateFor({ status: 'disconnected', chainId: undefined, connector: undefined }),
    ).toEqual({ status: 'disconnected' });
  });
});

test('a real wagmi connect and disconnect are mirrored into the IndexedDB settings', async () => {
  const settings = createWalletSettings(await openCacheLayer({ indexedDB: new IDBFactory() }));
  const config = createConfig({
    chains: [mainnet],
    connectors: [mock({ accounts: [ADDRESS] })],
    // The RPC is a third-party boundary: nothing here needs an answer from it.
    transports: { [mainnet.id]: custom({ request: async () => null }) },
  });
  const stop = mirrorWalletSettings(config, settings);
  // What the store held each time the mirror announced an update: each one complete.
  const announced: (string | undefined)[] = [];
  const stopListening = onWalletSettingsChange(() => {
    void settings.getConnectionStatus().then((status) => announced.push(status));
  });
  const connector = config.connectors[0]!;

  await connect(config, { connector });
  // Recent wallets are written last, so once they show, every other item is in.
  await expect.poll(async () => (await settings.getRecentWallets()).length).toBe(1);
  await expect.poll(() => announced.at(-1)).toBe('connected');
  expect(await settings.getConnectionStatus()).toBe('connected');
  expect(await settings.getConnectorId('eip155')).toBe(connector.id);
  expect(await settings.getActiveNetworkId()).toBe('eip155:1');
  expect(await settings.getConnectedNamespaces()).toEqual(['eip155']);
  expect((await settings.getRecentWallets()).map((wallet) => wallet.name)).toEqual([
    connector.name,
  ]);

  await disconnect(config);
  await expect.poll(() => settings.getConnectedNamespaces()).toEqual([]);
  expect(await settings.getConnectionStatus()).toBe('disconnected');
  expect(await settings.getConnectorId('eip155')).toBeUndefined();
  // Recent wallets outlive the connection, as the spec's list does.
  expect(await settings.getRecentWallets()).toHaveLength(1);
  await expect.poll(() => announced.at(-1)).toBe('disconnected');
  stopListening();
  stop();
});
