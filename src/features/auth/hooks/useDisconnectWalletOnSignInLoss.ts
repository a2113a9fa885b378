import { useEffect, useState } from 'react';
import type { Me } from '../../../../core/protocol/auth.ts';
import {
  createWalletSignInLossHandler,
  type DisconnectableWallet,
} from '../../../lib/auth/walletSignInLoss.ts';

/**
 * AppKit if this page already asked for it, without loading it otherwise. The loader module is
 * imported on demand so it stays out of the first load, as in AccountArea.
 */
async function loadedAppKit() {
  const { isAppKitRequested, loadAppKit } = await import('../../../lib/wallet/appkit.ts');
  return isAppKitRequested() ? (await loadAppKit()).appKit : undefined;
}

/**
 * Disconnects the wallet when the signed-in user turns into a visitor (SPEC section 4).
 * `loadedWallet` is the page's AppKit if loaded (a fake one in tests).
 */
export function useDisconnectWalletOnSignInLoss(
  me: Me | null | undefined,
  loadedWallet: () => Promise<DisconnectableWallet | undefined> = loadedAppKit,
): void {
  const [onUser] = useState(() => createWalletSignInLossHandler(loadedWallet));
  useEffect(() => {
    void onUser(me);
  }, [me, onUser]);
}
