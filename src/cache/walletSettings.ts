import * as z from 'zod/mini';
import {
  type ChainNamespace,
  type ConnectionStatus,
  chainNamespaceSchema,
  connectionStatusSchema,
} from '#core/wallet/namespaces.ts';
import type { CacheLayer } from './cacheLayer.ts';
import { RECENT_WALLETS_LIMIT } from './lifetimes.ts';
import { type DirectoryWallet, directoryWalletSchema } from './records.ts';

const recentWalletsSchema = z.array(directoryWalletSchema);
const connectedNamespacesSchema = z.array(chainNamespaceSchema);

/**
 * The wallet items of SPEC section 3 that our code keeps, in the settings store, mirrored from
 * wagmi's connection (src/lib/wallet/mirrorWalletSettings.ts): recent wallets (at most 2, newest
 * first, no duplicates), the connector id per namespace, the active namespace and network, the
 * connection status and the connected namespaces (no duplicates). The wallet panel reads the
 * status, connector id, network and recent wallets. The modal's own items (deep-link choice,
 * preferred account types) stay in AppKit's storage: nothing of ours reads them. Failures are
 * logged by the layer and read as unset.
 */
export function createWalletSettings(layer: CacheLayer) {
  const read = <T>(key: string, schema: z.ZodMiniType<T>, what: string) =>
    layer.read('settings', key, schema, what);
  const write = (key: string, value: unknown, what: string) =>
    layer.write('settings', key, value, what);

  return {
    getRecentWallets: async (): Promise<DirectoryWallet[]> =>
      (await read('recentWallets', recentWalletsSchema, 'recent wallets')) ?? [],
    /** Puts `wallet` first, drops an older entry with the same id, keeps the newest two. */
    async pushRecentWallet(wallet: DirectoryWallet): Promise<DirectoryWallet[]> {
      const current = (await read('recentWallets', recentWalletsSchema, 'recent wallets')) ?? [];
      const next = [wallet, ...current.filter((entry) => entry.id !== wallet.id)].slice(
        0,
        RECENT_WALLETS_LIMIT,
      );
      await write('recentWallets', next, 'recent wallets');
      return next;
    },
    getConnectorId: (namespace: ChainNamespace) =>
      read(`connectorId:${namespace}`, z.string().check(z.minLength(1)), 'connected connector id'),
    setConnectorId: (namespace: ChainNamespace, connectorId: string) =>
      write(`connectorId:${namespace}`, connectorId, 'connected connector id'),
    removeConnectorId: (namespace: ChainNamespace) =>
      layer.remove('settings', `connectorId:${namespace}`, 'connected connector id'),
    getActiveNamespace: () => read('activeNamespace', chainNamespaceSchema, 'active namespace'),
    setActiveNamespace: (namespace: ChainNamespace) =>
      write('activeNamespace', namespace, 'active namespace'),
    getActiveNetworkId: () =>
      read('activeNetworkId', z.string().check(z.regex(/^[a-z0-9]+:[-\w]+$/)), 'active network id'),
    /** A CAIP-2 network id such as 'eip155:1'. */
    setActiveNetworkId: (caipNetworkId: string) =>
      write('activeNetworkId', caipNetworkId, 'active network id'),
    getConnectionStatus: () =>
      read('connectionStatus', connectionStatusSchema, 'connection status'),
    setConnectionStatus: (status: ConnectionStatus) =>
      write('connectionStatus', status, 'connection status'),
    getConnectedNamespaces: async (): Promise<ChainNamespace[]> =>
      (await read('connectedNamespaces', connectedNamespacesSchema, 'connected namespaces')) ?? [],
    /** Adds a namespace once; the list keeps its first-connected order. */
    async addConnectedNamespace(namespace: ChainNamespace): Promise<ChainNamespace[]> {
      const current =
        (await read('connectedNamespaces', connectedNamespacesSchema, 'connected namespaces')) ??
        [];
      const next = current.includes(namespace) ? current : [...current, namespace];
      await write('connectedNamespaces', next, 'connected namespaces');
      return next;
    },
    async removeConnectedNamespace(namespace: ChainNamespace): Promise<ChainNamespace[]> {
      const current =
        (await read('connectedNamespaces', connectedNamespacesSchema, 'connected namespaces')) ??
        [];
      const next = current.filter((entry) => entry !== namespace);
      await write('connectedNamespaces', next, 'connected namespaces');
      return next;
    },
  };
}

/** The typed wallet settings of one cache layer. */
export type WalletSettings = ReturnType<typeof createWalletSettings>;

// One page-wide signal, not a store: readers re-read the store itself when it fires.
const settingsChanges = new EventTarget();

/**
 * Calls `listener` each time the wallet mirror has finished writing a new connection state, so a
 * view that read the settings before the wallet reconnected reads them again; returns the
 * unsubscribe.
 */
export function onWalletSettingsChange(listener: () => void): () => void {
  settingsChanges.addEventListener('change', listener);
  return () => settingsChanges.removeEventListener('change', listener);
}

/** Said by the mirror after each complete update (the store's single writer). */
export function announceWalletSettingsChange(): void {
  settingsChanges.dispatchEvent(new Event('change'));
}
