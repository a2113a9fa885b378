/** What {@link watchReturnFromWallet} needs; the window and clock are injectable for tests. */
export interface ReturnFromWalletOptions {
  /** Re-checks the wallet connection and the sign-in session. */
  readonly onReturn: () => Promise<void> | void;
  readonly win?: Window;
  readonly now?: () => number;
  /** `visibilitychange` and `pageshow` often fire together on return: run once per this window. */
  readonly minIntervalMs?: number;
}

/**
 * Calls `onReturn` when the user comes back from a wallet app: the page becomes visible again
 * (`visibilitychange`) or is restored from the back-forward cache (`pageshow` with `persisted`).
 * Never runs twice at once. Returns a function that stops watching.
 */
export function watchReturnFromWallet(options: ReturnFromWalletOptions): () => void {
  const win = options.win ?? window;
  const now = options.now ?? Date.now;
  const minIntervalMs = options.minIntervalMs ?? 1000;
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
  };
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void run();
  };
  win.document.addEventListener('visibilitychange', onVisibility);
  win.addEventListener('pageshow', onPageShow);
  return () => {
    win.document.removeEventListener('visibilitychange', onVisibility);
    win.removeEventListener('pageshow', onPageShow);
  };
}
