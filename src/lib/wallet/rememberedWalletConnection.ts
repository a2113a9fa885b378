/**
 * AppKit's localStorage key naming the connector of the EVM namespace (APPKIT.md, "Where AppKit
 * keeps things"). AppKit reconnects at start-up exactly when a namespace has one, and deletes it
 * on disconnect.
 */
const EVM_CONNECTOR_ID_KEY = '@appkit/eip155:connected_connector_id';

/**
 * Whether AppKit remembers a wallet connection from an earlier page, read without loading
 * AppKit. Storage can be missing or throw (sandboxed frames, some private modes): then nothing
 * is remembered that we could read, and AppKit could not have kept it either.
 */
export function hasRememberedWalletConnection(storage: () => Storage | undefined): boolean {
  try {
    return Boolean(storage()?.getItem(EVM_CONNECTOR_ID_KEY));
  } catch {
    return false;
  }
}
