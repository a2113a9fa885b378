import { getWalletSession } from '#src/lib/auth/getWalletSession.ts';
import { logout } from '#src/lib/auth/logout.ts';

/** How often a connected wallet's server sign-in is re-checked (SPEC sections 4 and 9). */
export const SESSION_RECHECK_MS = 5 * 60 * 1000;

/** The slice of an account update the watcher reads (AppKit's `UseAppKitAccountReturn`). */
export interface WatchedAccount {
  caipAddress?: string | undefined;
  status?: string | undefined;
}

/** The slice of AppKit the watcher uses; AppKit itself in the app, a fake in tests. */
export interface WatchedWallet {
  subscribeAccount(callback: (account: WatchedAccount) => void, namespace: 'eip155'): () => void;
  isOpen(): boolean;
  disconnect(namespace: 'eip155'): Promise<void>;
}

/** What the watcher does once the server-side sign-in was cleared. */
export interface WatchWalletSignInOptions {
  onSignInCleared: () => void;
}

/**
 * Keeps the wallet and the server sign-in together (SPEC section 4). While signed in, an account
 * change, a network change or a disconnect clears the server sign-in (and a wallet still
 * connected is disconnected). While a wallet is connected,
 * the server session is re-checked every 5 minutes, because AppKit asks `getSessions` only on
 * connect; when the server has none (idle or absolute expiry) the wallet is disconnected, which
 * also clears AppKit's sign-in state (`signOutOnDisconnect`). The first sign-in is AppKit's own:
 * with sign-in required it shows the sign view, whose Cancel disconnects.
 * Returns a function that stops watching.
 */
export function watchWalletSignIn(
  wallet: WatchedWallet,
  options: WatchWalletSignInOptions,
): () => void {
  let lastCaipAddress: string | undefined;
  let recheckTimer: ReturnType<typeof setInterval> | undefined;

  const stopRecheck = () => {
    clearInterval(recheckTimer);
    recheckTimer = undefined;
  };

  const stopAccount = wallet.subscribeAccount((account) => {
    const next = account.caipAddress;
    const previous = lastCaipAddress;
    if (next === previous) return;
    // Only while the wallet is settled: a reconnect on page load passes through no address.
    if (account.status === 'connecting' || account.status === 'reconnecting') return;
    lastCaipAddress = next;
    stopRecheck();
    if (next !== undefined) {
      recheckTimer = setInterval(() => void recheckSession(wallet, options), SESSION_RECHECK_MS);
    }
    if (previous === undefined) return;
    void clearSignIn(wallet, options, next !== undefined);
  }, 'eip155');

  return () => {
    stopAccount();
    stopRecheck();
  };
}

async function clearSignIn(
  wallet: WatchedWallet,
  options: WatchWalletSignInOptions,
  stillConnected: boolean,
): Promise<void> {
  // Nothing to clear when the sign-in is already gone (e.g. Sign Out ended it first).
  const session = await getWalletSession().catch(() => null);
  if (!session) return;
  await logout();
  // After an account or network change the wallet is connected but no longer signed in, and
  // stays connected only while signed in (SPEC section 4); the reload would not load AppKit.
  if (stillConnected) await disconnectQuietly(wallet);
  options.onSignInCleared();
}

function disconnectQuietly(wallet: WatchedWallet): Promise<void> {
  return wallet
    .disconnect('eip155')
    .catch((error: unknown) => console.warn('Wallet disconnect failed', error));
}

async function recheckSession(wallet: WatchedWallet, options: WatchWalletSignInOptions) {
  // An open modal may be the sign view, where having no session yet is the point.
  if (wallet.isOpen()) return;
  const session = await getWalletSession().catch(() => undefined);
  // Only the server saying "none" ends the sign-in; an unreachable server (offline) is no answer.
  if (session !== null) return;
  await disconnectQuietly(wallet);
  options.onSignInCleared();
}
