import { SUPPORTED_CHAIN_IDS } from '#core/protocol/auth.ts';
import type { WalletSettings } from '#src/cache/walletSettings.ts';

/** Where the wallet panel's data comes from: the wallet's network, and which wallet it is. */
export interface WalletConnection {
  /** The chain the balance is read on: the connected network, else the signed-in one. */
  readonly chainId: number;
  /** The connected wallet's name (e.g. 'MetaMask'), when the last connection is known. */
  readonly walletName: string | null;
}

const MAINNET_ID = 1;

function supportedChainId(chainId: number | undefined): number | undefined {
  return chainId !== undefined && (SUPPORTED_CHAIN_IDS as readonly number[]).includes(chainId)
    ? chainId
    : undefined;
}

function eip155ChainId(caipNetworkId: string | undefined): number | undefined {
  const match = caipNetworkId?.match(/^eip155:(\d+)$/);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Reads the wallet connection from the settings store, which mirrors wagmi's connection (SPEC
 * section 3's items: status, connector id, active network, recent wallets): it answers offline
 * and before the wallet stack loads. Without a connected network there, `signedInChainId` (the
 * chain of the sign-in session) decides; failing both, mainnet.
 */
export async function readWalletConnection(
  settings: WalletSettings,
  signedInChainId: () => Promise<number | undefined>,
): Promise<WalletConnection> {
  const [status, networkId, connectorId, recentWallets] = await Promise.all([
    settings.getConnectionStatus(),
    settings.getActiveNetworkId(),
    settings.getConnectorId('eip155'),
    settings.getRecentWallets(),
  ]);
  const connected = status === 'connected';
  const chainId =
    (connected ? supportedChainId(eip155ChainId(networkId)) : undefined) ??
    supportedChainId(await signedInChainId().catch(() => undefined)) ??
    MAINNET_ID;
  // The mirror records the connected wallet under the connector's rdns, else its id.
  const wallet = connected
    ? recentWallets.find((entry) => entry.id === connectorId || entry.rdns === connectorId)
    : undefined;
  return { chainId, walletName: wallet?.name ?? null };
}
