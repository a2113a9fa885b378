import type { ChainController, ModalController } from '@reown/appkit-controllers';

/** AppKit's sign-in view; its public `open` type lists fewer views than the modal router takes. */
export const SIGN_VIEW = 'SIWXSignMessage';

/** The AppKit objects the guard reads and wraps (one copy of each in the bundle). */
export interface SignViewPoints {
  ModalController: Pick<typeof ModalController, 'open'>;
  ChainController: { state: Pick<typeof ChainController.state, 'activeCaipAddress'> };
}

/**
 * The sign view opens only while a wallet is connected. AppKit 1.8.24 opens it by itself once
 * SIWX `getSessions` answers "none" for the wallet it just connected or restored
 * (`SIWXUtil.initializeIfEnabled`), however late that answer comes. On a loaded server it can
 * come after the page dropped that wallet (its start-up found the sign-in gone and disconnected
 * it): the modal then opened over the page on a sign step for no wallet, and Login lay behind it.
 * Every open goes through `ModalController.open`, AppKit's `open()` included, so the check sits
 * there; AppKit reads the property at call time. Installed once, with the one wallet stack.
 */
export function installSignViewGuard(appKit: SignViewPoints): void {
  const modal = appKit.ModalController;
  const open = modal.open.bind(modal);
  modal.open = async (options) => {
    if (options?.view === SIGN_VIEW && !appKit.ChainController.state.activeCaipAddress) return;
    await open(options);
  };
}
