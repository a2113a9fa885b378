/** The sessionStorage key of a sign-in left for the wallet app. */
const PENDING_KEY = 'gridmind.walletSignInPending';

/**
 * Per tab, in sessionStorage: it survives the OS killing the tab while the user is in the wallet
 * app (the browser restores it with the tab), and another tab never sees it. Storage can be
 * missing or throw (sandboxed frames, some private modes): a sign-in then resumes only in a page
 * that lived through the trip, as before.
 */
function withStorage<T>(
  storage: Storage | undefined,
  use: (storage: Storage) => T,
  fallback: T,
): T {
  if (!storage) return fallback;
  try {
    return use(storage);
  } catch {
    return fallback;
  }
}

/** Notes that the user left for a wallet app with the wallet modal in use. */
export function markWalletSignInPending(storage: Storage | undefined): void {
  withStorage(storage, (store) => store.setItem(PENDING_KEY, '1'), undefined);
}

/** True when a wallet trip was noted and not yet re-checked. */
export function isWalletSignInPending(storage: Storage | undefined): boolean {
  return withStorage(storage, (store) => store.getItem(PENDING_KEY) === '1', false);
}

/** Forgets the noted wallet trip (the re-check ran). */
export function clearWalletSignInPending(storage: Storage | undefined): void {
  withStorage(storage, (store) => store.removeItem(PENDING_KEY), undefined);
}

/** The page's sessionStorage, or undefined where reading it throws. */
export function pageSessionStorage(win: Window): Storage | undefined {
  try {
    return win.sessionStorage;
  } catch {
    return undefined;
  }
}
