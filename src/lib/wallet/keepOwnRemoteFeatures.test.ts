import type { RemoteFeatures } from '@reown/appkit-controllers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { keepOwnRemoteFeatures, OWN_REMOTE_FEATURES } from './keepOwnRemoteFeatures.ts';

// The real AppKit 1.8.24 OptionsController; the three calls below are what AppKit's own
// getRemoteFeatures / subscribeRemoteFeatures / updateRemoteFeatures do (appkit-base-client.js).
type Controllers = typeof import('@reown/appkit-controllers');
let options: Controllers['OptionsController'];
beforeAll(async () => {
  ({ OptionsController: options } = await import('@reown/appkit-controllers'));
}, 120_000);

const appKitFacade = () => ({
  getRemoteFeatures: () => options.state.remoteFeatures,
  subscribeRemoteFeatures: (callback: (features: RemoteFeatures | undefined) => void) =>
    options.subscribeKey('remoteFeatures', callback),
  updateRemoteFeatures: (features: Parameters<typeof options.setRemoteFeatures>[0]) =>
    options.setRemoteFeatures(features),
});

describe('keepOwnRemoteFeatures', () => {
  it('puts our features back after the Reown dashboard turned on e-mail, socials and its own auth', async () => {
    const stop = keepOwnRemoteFeatures(appKitFacade());
    expect(options.state.remoteFeatures).toMatchObject(OWN_REMOTE_FEATURES);

    // What AppKit's start-up stores when a project's dashboard config loads (ConfigUtil).
    options.setRemoteFeatures({
      email: true,
      socials: ['google', 'x'],
      swaps: false,
      onramp: false,
      activity: false,
      reownAuthentication: true,
      reownBranding: true,
    });
    await vi.waitFor(() => expect(options.state.remoteFeatures).toMatchObject(OWN_REMOTE_FEATURES));
    // Features we do not pin stay as AppKit set them.
    expect(options.state.remoteFeatures?.reownBranding).toBe(true);
    stop();
  });
});
