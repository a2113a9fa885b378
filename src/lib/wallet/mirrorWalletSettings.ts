import type { Config } from 'wagmi';
import { watchConnection } from 'wagmi/actions';
import type { ConnectionStatus } from '#core/wallet/namespaces.ts';
import type { DirectoryWallet } from '#src/cache/records.ts';
import { announceWalletSettingsChange, type WalletSettings } from '#src/cache/walletSettings.ts';

/** The parts of a wagmi connection state our settings store keeps. */
interface ConnectionView {
  status: 'connected' | 'connecting' | 'reconnecting' | 'disconnected';
  chainId: number | undefined;
  connector: { id: string; name: string; icon?: string | undefined; rdns?: unknown } | undefined;
}

/** What the settings store should say about one connection state (pure, so it is tested alone). */
export interface SettingsUpdate {
  status: ConnectionStatus;
  /** Set when connected: the connector id, the CAIP-2 network and the wallet for recent wallets. */
  connected?: { connectorId: string; caipNetworkId: string; wallet: DirectoryWallet };
}

/** Maps a wagmi connection onto SPEC section 3's stored items; reconnecting counts as connecting. */
export function settingsUpdateFor(connection: ConnectionView): SettingsUpdate {
  if (connection.status !== 'connected') {
    return { status: connection.status === 'disconnected' ? 'disconnected' : 'connecting' };
  }
  const { connector, chainId } = connection;
  if (connector === undefined || chainId === undefined) return { status: 'connecting' };
  const rdns = typeof connector.rdns === 'string' ? connector.rdns : null;
  return {
    status: 'connected',
    connected: {
      connectorId: connector.id,
      caipNetworkId: `eip155:${chainId}`,
      wallet: {
        id: rdns ?? connector.id,
        name: connector.name,
        rdns,
        ...(connector.icon === undefined ? {} : { image_url: connector.icon }),
      },
    },
  };
}

/** Writes one update; the store logs and swallows its own failures, so this never throws. */
async function applySettingsUpdate(
  settings: WalletSettings,
  update: SettingsUpdate,
): Promise<void> {
  await settings.setConnectionStatus(update.status);
  if (update.connected) {
    const { connectorId, caipNetworkId, wallet } = update.connected;
    await settings.setActiveNamespace('eip155');
    await settings.setConnectorId('eip155', connectorId);
    await settings.setActiveNetworkId(caipNetworkId);
    await settings.addConnectedNamespace('eip155');
    await settings.pushRecentWallet(wallet);
  } else if (update.status === 'disconnected') {
    await settings.removeConnectorId('eip155');
    await settings.removeConnectedNamespace('eip155');
  }
}

/**
 * Keeps the IndexedDB wallet settings (recent wallets, connector id, network, status) in step with
 * the wallet connection, writing in order so a quick connect-then-disconnect ends disconnected,
 * and announces each update once it is all written (the wallet panel reads it again then).
 */
export function mirrorWalletSettings(wagmiConfig: Config, settings: WalletSettings): () => void {
  let queue = Promise.resolve();
  return watchConnection(wagmiConfig, {
    onChange(connection, previous) {
      const update = settingsUpdateFor(connection);
      const before = settingsUpdateFor(previous);
      if (JSON.stringify(update) === JSON.stringify(before)) return;
      queue = queue
        .then(() => applySettingsUpdate(settings, update))
        .then(announceWalletSettingsChange);
    },
  });
}
