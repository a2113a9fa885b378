import type { AppKit } from '@reown/appkit/react';
import { getWalletSession } from '../auth/getWalletSession.ts';
import { logout } from '../auth/logout.ts';

/** What the watcher does once the server-side sign-in was cleared. */
export interface WatchWalletSignInOptions {
  onSignInCleared: () => void;
}

/**
 * Keeps the wallet and the server sign-in in step (SPEC section 4):
 * - an account or network change (or a disconnect) while signed in clears the sign-in;
 * - closing the modal with a wallet connected but not signed in disconnects the wallet.
 * Returns a function that stops watching.
 */
export function watchWalletSignIn(appKit: AppKit, options: WatchWalletSignInOptions): () => void {
  let lastCaipAddress: string | undefined;
  let wasOpen = false;

  const stopAccount = appKit.subscribeAccount((account) => {
    const next = account.caipAddress;
    const previous = lastCaipAddress;
    if (next === previous) return;
    // Only while the wallet is settled: a reconnect on page load passes through no address.
    if (account.status === 'connecting' || account.status === 'reconnecting') return;
    lastCaipAddress = next;
    if (previous === undefined) return;
    void clearSignIn(options);
  }, 'eip155');

  const stopState = appKit.subscribeState((state) => {
    const closed = wasOpen && !state.open;
    wasOpen = state.open;
    if (closed) void disconnectIfNotSignedIn(appKit);
  });

  return () => {
    stopAccount();
    stopState();
  };
}

async function clearSignIn(options: WatchWalletSignInOptions): Promise<void> {
  // Nothing to clear when the sign-in is already gone (e.g. Sign Out ended it first).
  const session = await getWalletSession().catch(() => null);
  if (!session) return;
  await logout();
  options.onSignInCleared();
}

async function disconnectIfNotSignedIn(appKit: AppKit): Promise<void> {
  const caipAddress = appKit.getCaipAddress('eip155');
  if (!caipAddress) return;
  const session = await getWalletSession().catch(() => null);
  const [, chainId, address = ''] = caipAddress.split(':');
  const signedIn =
    session !== null &&
    session.address.toLowerCase() === address.toLowerCase() &&
    String(session.chainId) === chainId;
  if (!signedIn) await appKit.disconnect('eip155');
}
