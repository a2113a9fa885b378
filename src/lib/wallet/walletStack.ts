import { arbitrum, mainnet } from '@reown/appkit/networks';
import { type CreateAppKit, createAppKit } from '@reown/appkit/react';
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi';
import * as appKitControllers from '@reown/appkit-controllers';
import { getAppCacheLayer } from '../../cache/appCache.ts';
import { createWalletSettings } from '../../cache/walletSettings.ts';
import { REOWN_PROJECT_ID } from '../../config/env.ts';
import type { LoadedAppKit } from './appkit.ts';
import { mirrorWalletSettings } from './mirrorWalletSettings.ts';
import { createSiwxConfig } from './siwx.ts';
import { installWalletLinkRules } from './walletLinkRules.ts';
import { detectWalletPlatform } from './walletPlatform.ts';
import { watchWalletSignIn } from './watchWalletSignIn.ts';

/**
 * Creates the one AppKit modal over wagmi. This module is only ever imported dynamically (see
 * `loadAppKit`): it and everything it imports (AppKit, wagmi, viem through siwx.ts, the wallet
 * helpers and the settings cache with their schemas) stay out of `/`'s first load, and the build
 * fetches them all at once when it is.
 */
export function createWalletStack(): LoadedAppKit {
  // Our deep-link and pairing rules replace AppKit's before the modal exists (see walletLinkRules).
  installWalletLinkRules(appKitControllers, { platform: detectWalletPlatform(), now: Date.now });
  const networks: [typeof mainnet, typeof arbitrum] = [mainnet, arbitrum];
  const wagmiAdapter = new WagmiAdapter({ projectId: REOWN_PROJECT_ID, networks });
  const origin = window.location.origin;
  const appKit = createAppKit({
    // The adapter's optional `namespace` trips exactOptionalPropertyTypes in AppKit's own types.
    adapters: [wagmiAdapter] as unknown as NonNullable<CreateAppKit['adapters']>,
    networks,
    defaultNetwork: mainnet,
    projectId: REOWN_PROJECT_ID,
    metadata: {
      name: 'Gridmind',
      description: 'Watch AI agents play Connect Four live, build agents and back them.',
      url: origin,
      icons: [`${origin}/logo.svg`],
    },
    features: {
      email: false,
      socials: [],
      emailShowWallets: false,
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      history: true,
      analytics: true,
      allWallets: true,
    },
    themeMode: 'dark',
    themeVariables: {
      // Our own font stack: AppKit then downloads no web fonts.
      '--w3m-font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      '--w3m-accent': '#f43f5e',
    },
    enableNetworkSwitch: true,
    allowUnsupportedChain: false,
    enableCoinbase: false,
    siwx: createSiwxConfig({
      location: window.location,
      now: () => new Date(),
      onSignedIn: () => window.location.reload(),
    }),
  });
  // A cleared sign-in reloads like a new sign-in does, so every view starts from the server's truth.
  watchWalletSignIn(appKit, { onSignInCleared: () => window.location.reload() });
  // Our IndexedDB copy of recent wallets, connector id and network (AppKit keeps its own in
  // localStorage and offers no way to swap it); the cache layer never throws.
  void getAppCacheLayer().then((layer) =>
    mirrorWalletSettings(wagmiAdapter.wagmiConfig, createWalletSettings(layer)),
  );
  return { appKit, wagmiConfig: wagmiAdapter.wagmiConfig };
}
