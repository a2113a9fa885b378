import { isWalletModalOpen } from './appkit.ts';
import {
  isWalletSignInPending,
  markWalletSignInPending,
  pageSessionStorage,
} from './returnFromWalletPending.ts';

/** What {@link watchReturnFromWallet} needs; the window and clock are injectable for tests. */
export interface ReturnFromWalletOptions {
  /** Re-checks the wallet connection and the sign-in session. */
  readonly onReturn: () => Promise<void> | void;
  readonly win?: Window;
  readonly now?: () => number;
  /** `visibilitychange` and `pageshow` often fire together on return: run once per this window. */
  readonly minIntervalMs?: number;
  /** Where a trip to the wallet is noted for a page that restarts; the tab's sessionStorage. */
  readonly storage?: Storage | undefined;
  /**
   * True while a sign-in is under way in this page: the wallet modal is open (connecting, or on
   * the sign step). Not merely "AppKit loaded": a signed-in page has it too, and a reload hides
   * the page, which would then resume a sign-in nobody started (and keep a stale wallet).
   */
  readonly walletInUse?: () => boolean;
}

/**
 * Calls `onReturn` when the user comes back from a wallet app: the page becomes visible again
 * (`visibilitychange`) or is restored from the back-forward cache (`pageshow` with `persisted`).
 * Never runs twice at once. Leaving the page while the wallet modal is open notes the trip in
 * the tab's storage: if the OS kills the tab meanwhile, the new page finds the note and re-checks
 * at once, so a pending sign-in resumes. Returns a function that stops watching.
 */
export function watchReturnFromWallet(options: ReturnFromWalletOptions): () => void {
  const win = options.win ?? window;
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? 1000;
  const storage = 'storage' in options ? options.storage : pageSessionStorage(win);
  const walletInUse = options.walletInUse ?? isWalletModalOpen;
  let lastRunAt = Number.NEGATIVE_INFINITY;
  let running = false;

  const run = async () => {
    if (running || now() - lastRunAt < minIntervalMs) return;
    running = true;
    lastRunAt = now();
    try {
      await options.onReturn();
    } catch (error) {
      console.info('Unable to re-check the wallet after returning', error);
    } finally {
      running = false;
    }
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'visible') void run();
    // Written while hidden, not later: a hidden page may be frozen or killed without warning.
    else if (walletInUse()) markWalletSignInPending(storage);
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void run();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pageshow', onPageShow);
  if (isWalletSignInPending(storage)) void run();
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pageshow', onPageShow);
  };
}
