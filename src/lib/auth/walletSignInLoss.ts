import type { Me } from '../../../core/protocol/auth.ts';

/** The slice of AppKit needed to end a wallet connection; AppKit itself in the app. */
export interface DisconnectableWallet {
  ready(): Promise<void>;
  getIsConnectedState(): boolean;
  disconnect(namespace: 'eip155'): Promise<void>;
}

/**
 * Whether the page just lost its sign-in: a user before, none now. `undefined` (still loading)
 * is no answer yet, so only a user followed by `null` counts.
 */
export function lostSignIn(previous: Me | null | undefined, next: Me | null | undefined): boolean {
  return previous != null && next === null;
}

/**
 * Follows the signed-in user and disconnects the wallet when the sign-in is lost (session expired
 * on the 5-minute refetch, or cleared on a network change), because a wallet stays connected only
 * while signed in (SPEC section 4). `loadedWallet` gives AppKit only if the page already loaded
 * it: a wallet AppKit never restored on this page is not connected, and loading the wallet stack
 * just to disconnect it would cost a visitor its download.
 */
export function createWalletSignInLossHandler(
  loadedWallet: () => Promise<DisconnectableWallet | undefined>,
): (me: Me | null | undefined) => Promise<void> {
  let previous: Me | null | undefined;
  return async (me) => {
    const lost = lostSignIn(previous, me);
    if (me !== undefined) previous = me;
    if (!lost) return;
    try {
      const wallet = await loadedWallet();
      if (!wallet) return;
      // AppKit restores a remembered connection asynchronously; asking earlier would miss it.
      await wallet.ready();
      // Sign Out disconnects before it clears the user; there is nothing left to end then.
      if (wallet.getIsConnectedState()) await wallet.disconnect('eip155');
    } catch (error) {
      console.warn('Wallet disconnect failed', error);
    }
  };
}
