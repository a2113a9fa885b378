import { type CreateAppKit, createAppKit } from '@reown/appkit/react';
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi';
import * as appKitControllers from '@reown/appkit-controllers';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import { createWalletSettings } from '#src/cache/walletSettings.ts';
import { REOWN_PROJECT_ID } from '#src/config/env.ts';
import { getWalletSession } from '#src/lib/auth/getWalletSession.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { withTimeout } from '#src/lib/withTimeout.ts';
import { createAppKitOptions, WALLET_NETWORKS } from './appKitOptions.ts';
import type { LoadedAppKit } from './appkit.ts';
import { keepOwnRemoteFeatures } from './keepOwnRemoteFeatures.ts';
import { mirrorWalletSettings } from './mirrorWalletSettings.ts';
import { mayRestoreWalletConnection } from './restoreWalletConnection.ts';
import { isWalletSignInPending, pageSessionStorage } from './returnFromWalletPending.ts';
import { installSignViewGuard } from './signViewGuard.ts';
import { createSiwxConfig } from './siwx.ts';
import { installWalletLinkRules } from './walletLinkRules.ts';
import { detectWalletPlatform } from './walletPlatform.ts';
import { watchWalletSignIn } from './watchWalletSignIn.ts';

/** How long AppKit's creation waits for the server's session before it counts as no answer. */
const SESSION_TIMEOUT_MS = 5_000;

/**
 * The server's session for AppKit's start-up: null without a sign-in hint (a visitor: nothing to
 * ask), undefined when the server gives no answer in time.
 */
async function startUpSession() {
  if (!mayBeSignedIn()) return null;
  return withTimeout(getWalletSession(), SESSION_TIMEOUT_MS, 'No session answer').catch(
    () => undefined,
  );
}

/**
 * Creates the one AppKit modal over wagmi. This module is only ever imported dynamically (see
 * `loadAppKit`): it and everything it imports (AppKit, wagmi, viem through siwx.ts, the wallet
 * helpers and the settings cache with their schemas) stay out of `/`'s first load, and the build
 * fetches them all at once when it is.
 */
export async function createWalletStack(): Promise<LoadedAppKit> {
  // Read before the session request: the re-check forgets the note once AppKit exists.
  const resumingSignIn = isWalletSignInPending(pageSessionStorage(window));
  const enableReconnect = mayRestoreWalletConnection({
    session: await startUpSession(),
    resumingSignIn,
  });
  // Our deep-link and pairing rules replace AppKit's before the modal exists (see walletLinkRules).
  installWalletLinkRules(appKitControllers, { platform: detectWalletPlatform(), now: Date.now });
  // A late "no session" for a wallet dropped meanwhile must not open the sign view by itself.
  installSignViewGuard(appKitControllers);
  const wagmiAdapter = new WagmiAdapter({ projectId: REOWN_PROJECT_ID, networks: WALLET_NETWORKS });
  const appKit = createAppKit(
    createAppKitOptions({
      origin: window.location.origin,
      projectId: REOWN_PROJECT_ID,
      // The adapter's optional `namespace` trips exactOptionalPropertyTypes in AppKit's own types.
      adapters: [wagmiAdapter] as unknown as NonNullable<CreateAppKit['adapters']>,
      siwx: createSiwxConfig({
        location: window.location,
        now: () => new Date(),
        onSignedIn: () => window.location.reload(),
        mayBeSignedIn,
      }),
      enableReconnect,
    }),
  );
  keepOwnRemoteFeatures(appKit);
  // A cleared sign-in reloads like a new sign-in does, so every view starts from the server's truth.
  watchWalletSignIn(appKit, { onSignInCleared: () => window.location.reload() });
  // Our IndexedDB copy of recent wallets, connector id and network (AppKit keeps its own in
  // localStorage and offers no way to swap it); the cache layer never throws.
  void getAppCacheLayer().then((layer) =>
    mirrorWalletSettings(wagmiAdapter.wagmiConfig, createWalletSettings(layer)),
  );
  const { sdkType, sdkVersion } = appKitControllers.OptionsController.state;
  return {
    appKit,
    wagmiConfig: wagmiAdapter.wagmiConfig,
    sdk: { type: sdkType, version: sdkVersion },
  };
}
