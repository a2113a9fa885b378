import type { AppKit } from '@reown/appkit/react';
import type { QueryClient } from '@tanstack/react-query';
import type { WalletSession } from '#core/protocol/auth.ts';
import { getWalletSession } from '#src/lib/auth/getWalletSession.ts';
import { withTimeout } from '#src/lib/withTimeout.ts';
import { isAppKitRequested, loadAppKit } from './appkit.ts';
import { decideAfterWalletReturn } from './returnFromWalletDecision.ts';
import {
  clearWalletSignInPending,
  isWalletSignInPending,
  pageSessionStorage,
} from './returnFromWalletPending.ts';
import { SIGN_VIEW } from './signViewGuard.ts';

/** How long a freshly loaded AppKit may take to restore the wallet connection it had. */
const RECONNECT_TIMEOUT_MS = 10_000;

/** The parts of AppKit's modal the re-check uses. */
type RecheckModal = Pick<AppKit, 'ready' | 'getCaipAddress' | 'isOpen' | 'open'>;

/** The wallet stack as the re-check reaches it; the app's own unless a test passes a fake. */
export interface RecheckWallet {
  /** True once this page asked for AppKit. */
  isRequested(): boolean;
  load(): Promise<{ appKit: RecheckModal }>;
  /** The server's sign-in session (GET /auth/session). */
  getSession(): Promise<WalletSession | null>;
}

const appWallet: RecheckWallet = {
  isRequested: isAppKitRequested,
  load: loadAppKit,
  getSession: getWalletSession,
};

/**
 * The re-check run on return from a wallet app, and at start-up when the tab was killed while
 * the user was in the wallet (returnFromWallet notes the trip). The session is asked from the
 * server again, and AppKit (loaded for a killed tab, which restores its wallet connection) is
 * asked for the connected wallet; {@link decideAfterWalletReturn} says what follows.
 */
export async function recheckAfterWalletReturn(options: {
  queryClient: QueryClient;
  meQueryKey: readonly unknown[];
  reload?: () => void;
  storage?: Storage | undefined;
  wallet?: RecheckWallet;
}): Promise<void> {
  const wallet = options.wallet ?? appWallet;
  const storage = 'storage' in options ? options.storage : pageSessionStorage(window);
  const signedInBefore = options.queryClient.getQueryData(options.meQueryKey) != null;
  const pending = isWalletSignInPending(storage);
  // A page that never loaded AppKit and was not left mid sign-in has no wallet to re-check.
  const resumed = pending && !wallet.isRequested();
  await options.queryClient.invalidateQueries({ queryKey: options.meQueryKey });
  if (!pending && !wallet.isRequested()) return;

  // The note is forgotten only once AppKit exists: its start-up reads it to restore the wallet
  // connection of the sign-in this page resumes (restoreWalletConnection.ts).
  const { appKit } = await wallet.load().finally(() => clearWalletSignInPending(storage));
  // A new page's AppKit restores the wallet connection while it initializes; a slow or
  // unreachable Reown cloud must not hold the re-check forever.
  await withTimeout(appKit.ready(), RECONNECT_TIMEOUT_MS, 'AppKit did not get ready').catch(
    () => {},
  );
  const caipAddress = appKit.getCaipAddress('eip155');
  let session: WalletSession | null = null;
  if (caipAddress) {
    try {
      session = await wallet.getSession();
    } catch (error) {
      // No answer is not "signed out": offline, or with the server failing, a signed-in user
      // must not be sent to the sign step. The next return to the page asks again.
      console.info('Unable to re-check the sign-in session', error);
      return;
    }
  }
  const action = decideAfterWalletReturn({
    signedInBefore,
    resumed,
    caipAddress,
    session,
    modalOpen: appKit.isOpen(),
  });
  if (action === 'reload') (options.reload ?? (() => window.location.reload()))();
  // AppKit opens this view itself after a connect; its public type lists fewer views than the
  // modal router accepts, and open() passes the view through unchanged.
  else if (action === 'sign') await appKit.open({ view: SIGN_VIEW as 'Connect' });
}
