import type { AppKit } from '@reown/appkit/react';
import type { Config } from 'wagmi';
import { ignoreOfflineRejections } from './ignoreOfflineRejections.ts';

/** The loaded wallet stack: AppKit's modal instance and the wagmi config under it. */
export interface LoadedAppKit {
  appKit: AppKit;
  wagmiConfig: Config;
  /** How AppKit names itself to Reown's APIs (`st` and `sv` on every blockchain API call). */
  sdk: { type: string; version: string };
}

let loading: Promise<LoadedAppKit> | undefined;
let loaded: LoadedAppKit | undefined;

/** True once something asked for AppKit (it may still be loading). */
export function isAppKitRequested(): boolean {
  return loading !== undefined;
}

/** True while the wallet modal is open in this page (connecting or signing); false before it loaded. */
export function isWalletModalOpen(): boolean {
  return loaded?.appKit.isOpen() ?? false;
}

/**
 * Loads AppKit, wagmi and viem on first call (a separate chunk, never part of `/`'s first load)
 * and creates the one modal; later calls share it.
 */
export function loadAppKit(): Promise<LoadedAppKit> {
  // Installed before the wallet code loads, so rejections it leaves while loading are caught too.
  ignoreOfflineRejections();
  loading ??= import('./walletStack.ts')
    .then(({ createWalletStack }) => createWalletStack())
    .then((stack) => {
      loaded = stack;
      return stack;
    })
    .catch((error: unknown) => {
      loading = undefined; // let a later click retry
      throw error;
    });
  return loading;
}
