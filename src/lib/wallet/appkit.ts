import type { AppKit, CreateAppKit } from '@reown/appkit/react';
import type { Config } from 'wagmi';
import { getAppCacheLayer } from '../../cache/appCache.ts';
import { createWalletSettings } from '../../cache/walletSettings.ts';
import { REOWN_PROJECT_ID } from '../../config/env.ts';
import { ignoreOfflineRejections } from './ignoreOfflineRejections.ts';
import { watchWalletSignIn } from './watchWalletSignIn.ts';

/** The loaded wallet stack: AppKit's modal instance and the wagmi config under it. */
export interface LoadedAppKit {
  appKit: AppKit;
  wagmiConfig: Config;
}

let loading: Promise<LoadedAppKit> | undefined;

/** True once something asked for AppKit (it may still be loading). */
export function isAppKitRequested(): boolean {
  return loading !== undefined;
}

/**
 * Loads AppKit, wagmi and viem on first call (a separate chunk, never part of `/`'s first load)
 * and creates the one modal; later calls share it.
 */
export function loadAppKit(): Promise<LoadedAppKit> {
  loading ??= createWalletStack().catch((error: unknown) => {
    loading = undefined; // let a later click retry
    throw error;
  });
  return loading;
}

async function createWalletStack(): Promise<LoadedAppKit> {
  ignoreOfflineRejections();
  // siwx.ts pulls viem: it must stay out of the first-load chunk with the rest.
  const [
    { createAppKit },
    { WagmiAdapter },
    { mainnet, arbitrum },
    { createSiwxConfig },
    { mirrorWalletSettings },
  ] = await Promise.all([
    import('@reown/appkit/react'),
    import('@reown/appkit-adapter-wagmi'),
    import('@reown/appkit/networks'),
    import('./siwx.ts'),
    import('./mirrorWalletSettings.ts'),
  ]);
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
