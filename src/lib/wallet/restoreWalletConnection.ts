import type { WalletSession } from '#core/protocol/auth.ts';

/** What AppKit's start-up in this page knows when it decides about a remembered connection. */
export interface RestoreState {
  /**
   * The server's sign-in session: null when it answered "none" (or the page has no sign-in hint,
   * so there is none to ask about), undefined when it gave no answer (offline, failing, slow).
   */
  readonly session: WalletSession | null | undefined;
  /**
   * A sign-in was left for a wallet app and this page resumes it (the returnFromWallet note, set
   * when the page was hidden with the wallet modal open): the re-check reopens the sign step. A
   * reload with the modal open hides the page too, so it resumes the same way: the user was
   * connecting or signing when they reloaded.
   */
  readonly resumingSignIn: boolean;
}

/**
 * Whether AppKit may restore the wallet connection it remembers from an earlier page (its
 * `enableReconnect`). The rule (SPEC section 4: while not signed in, the wallet is disconnected):
 * a remembered connection comes back only for a page that is signed in, or that resumes a sign-in
 * left for the wallet app. Otherwise (signed out elsewhere, session expired, signature never
 * given) AppKit starts with reconnection off and drops it, so the visitor picks a wallet again.
 *
 * Decided once, before AppKit exists: no sign step of this page can be open yet, so none is cut,
 * and AppKit never sees the stale account (it would otherwise open its sign step for it by
 * itself). A sign step opened later in the page follows a connect made in it and is untouched.
 * No answer from the server is not "signed out": a signed-in user offline keeps the wallet.
 */
export function mayRestoreWalletConnection(state: RestoreState): boolean {
  if (state.resumingSignIn) return true;
  return state.session !== null;
}
