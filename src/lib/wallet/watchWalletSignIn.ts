import type { AppKit } from '@reown/appkit/react';
import { getWalletSession } from '../auth/getWalletSession.ts';
import { logout } from '../auth/logout.ts';

/** What the watcher does once the server-side sign-in was cleared. */
export interface WatchWalletSignInOptions {
  onSignInCleared: () => void;
}

/**
 * Clears the server sign-in when, while signed in, the wallet's account or network changes or it
 * disconnects (SPEC section 4). The other direction, a connected wallet that is not signed in,
 * is AppKit's own: with sign-in required it shows the sign view, whose Cancel disconnects.
 * Returns a function that stops watching.
 */
export function watchWalletSignIn(appKit: AppKit, options: WatchWalletSignInOptions): () => void {
  let lastCaipAddress: string | undefined;

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

  return stopAccount;
}

async function clearSignIn(options: WatchWalletSignInOptions): Promise<void> {
  // Nothing to clear when the sign-in is already gone (e.g. Sign Out ended it first).
  const session = await getWalletSession().catch(() => null);
  if (!session) return;
  await logout();
  options.onSignInCleared();
}
