import type { WalletSession } from '#core/protocol/auth.ts';

/** What the page does once back from a wallet app. */
export type WalletReturnAction = 'reload' | 'sign' | 'nothing';

/** What the re-check learned, from the page, AppKit and the server. */
export interface WalletReturnState {
  /** The page showed a signed-in user before the trip. */
  readonly signedInBefore: boolean;
  /** This page started after the user left (the OS killed the tab): it already shows the server's truth. */
  readonly resumed: boolean;
  /** The wallet AppKit has connected (`eip155:<chainId>:<address>`), if any. */
  readonly caipAddress: string | undefined;
  /**
   * The server's sign-in session, null when the server has none (a re-check that could not ask
   * the server decides nothing, so never comes here).
   */
  readonly session: Pick<WalletSession, 'address' | 'chainId'> | null;
  /** The wallet modal is already showing (AppKit opens the sign step itself after a connect). */
  readonly modalOpen: boolean;
}

/**
 * The return from a wallet app, decided: a sign-in the server accepted while we were away reloads
 * the page (as every sign-in does, SPEC section 4) unless the page is new anyway; a wallet that is
 * connected but not signed in goes to the signing step, so the sign-in completes without
 * connecting again; no connected wallet means nothing was pending.
 */
export function decideAfterWalletReturn(state: WalletReturnState): WalletReturnAction {
  if (!state.caipAddress) return 'nothing';
  const [, chainId, address = ''] = state.caipAddress.split(':');
  const signedIn =
    state.session !== null &&
    state.session.address.toLowerCase() === address.toLowerCase() &&
    String(state.session.chainId) === chainId;
  if (signedIn) return state.signedInBefore || state.resumed ? 'nothing' : 'reload';
  return state.modalOpen ? 'nothing' : 'sign';
}
