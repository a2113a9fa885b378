import type { Me } from '#core/protocol/auth.ts';

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

/** How a visitor's page reaches a wallet connection AppKit remembers from an earlier page. */
export interface RememberedWallet {
  /** True when AppKit's storage names a connected wallet (read without loading AppKit). */
  remembered(): boolean;
  /** Loads AppKit, whose start-up drops a remembered connection the server has no session for. */
  start(): Promise<unknown>;
}

const NOTHING_REMEMBERED: RememberedWallet = {
  remembered: () => false,
  start: async () => {},
};

/**
 * Follows the signed-in user and disconnects the wallet when the sign-in is lost (session expired
 * on the 5-minute refetch, or cleared on a network change), because a wallet stays connected only
 * while signed in (SPEC section 4). `loadedWallet` gives AppKit only if the page already loaded
 * it: loading the wallet stack just to disconnect costs a visitor its download. The one exception
 * is a visitor whose AppKit remembers a connection from an earlier page (signed out elsewhere,
 * session expired, signature never given): `rememberedWallet` starts AppKit for it, and AppKit's
 * start-up drops the connection unless a sign-in left for the wallet app resumes
 * (restoreWalletConnection.ts). Afterwards nothing is remembered, so that download happens once.
 */
export function createWalletSignInLossHandler(
  loadedWallet: () => Promise<DisconnectableWallet | undefined>,
  rememberedWallet: RememberedWallet = NOTHING_REMEMBERED,
): (me: Me | null | undefined) => Promise<void> {
  let previous: Me | null | undefined;
  return async (me) => {
    const lost = lostSignIn(previous, me);
    if (me !== undefined) previous = me;
    try {
      if (lost) await disconnectLoaded(loadedWallet);
      // Starting an AppKit that exists already changes nothing: its start-up ran once, so a
      // sign-in under way in this page is never cut from here.
      if (me === null && rememberedWallet.remembered()) await rememberedWallet.start();
    } catch (error) {
      console.warn('Wallet disconnect failed', error);
    }
  };
}

async function disconnectLoaded(loadedWallet: () => Promise<DisconnectableWallet | undefined>) {
  const wallet = await loadedWallet();
  if (!wallet) return;
  // AppKit restores a remembered connection asynchronously; asking earlier would miss it.
  await wallet.ready();
  // Sign Out disconnects before it clears the user; there is nothing left to end then.
  if (wallet.getIsConnectedState()) await wallet.disconnect('eip155');
}
