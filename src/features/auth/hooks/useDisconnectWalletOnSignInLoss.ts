import { useEffect, useState } from 'react';
import type { Me } from '#core/protocol/auth.ts';
import {
  createWalletSignInLossHandler,
  type DisconnectableWallet,
  type RememberedWallet,
} from '#src/lib/auth/walletSignInLoss.ts';
import { hasRememberedWalletConnection } from '#src/lib/wallet/rememberedWalletConnection.ts';

/**
 * AppKit if this page already asked for it, without loading it otherwise. The loader module is
 * imported on demand so it stays out of the first load, as in AccountArea.
 */
async function loadedAppKit() {
  const { isAppKitRequested, loadAppKit } = await import('#src/lib/wallet/appkit.ts');
  return isAppKitRequested() ? (await loadAppKit()).appKit : undefined;
}

/** The page's localStorage, or undefined where reading it throws. */
function pageLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** AppKit's remembered connection in this page's storage; starting AppKit loads it. */
const appKitRemembered: RememberedWallet = {
  remembered: () => hasRememberedWalletConnection(pageLocalStorage),
  start: () => import('#src/lib/wallet/appkit.ts').then(({ loadAppKit }) => loadAppKit()),
};

/**
 * Disconnects the wallet when the signed-in user turns into a visitor, and has AppKit drop a
 * connection a visitor's page still remembers (SPEC section 4). `loadedWallet` is the page's
 * AppKit if loaded and `rememberedWallet` the remembered connection (fakes in tests).
 */
export function useDisconnectWalletOnSignInLoss(
  me: Me | null | undefined,
  loadedWallet: () => Promise<DisconnectableWallet | undefined> = loadedAppKit,
  rememberedWallet: RememberedWallet = appKitRemembered,
): void {
  const [onUser] = useState(() => createWalletSignInLossHandler(loadedWallet, rememberedWallet));
  useEffect(() => {
    void onUser(me);
  }, [me, onUser]);
}
