import type { AppKit } from '@reown/appkit/react';
import type { RemoteFeatures } from '@reown/appkit-controllers';

/**
 * The features `createAppKitOptions` asks for, in the shape AppKit keeps after start-up
 * (`remoteFeatures`): no e-mail or social login, swaps through 1inch, on-ramp through Meld,
 * history on, and our SIWX config never swapped for Reown's own authentication.
 */
export const OWN_REMOTE_FEATURES = {
  email: false,
  socials: false,
  swaps: ['1inch'],
  onramp: ['meld'],
  activity: true,
  reownAuthentication: false,
} as const satisfies RemoteFeatures;

type OwnKey = keyof typeof OWN_REMOTE_FEATURES;

function differsFromOwn(features: RemoteFeatures | undefined): boolean {
  return (Object.keys(OWN_REMOTE_FEATURES) as OwnKey[]).some(
    (key) => JSON.stringify(features?.[key]) !== JSON.stringify(OWN_REMOTE_FEATURES[key]),
  );
}

/**
 * With a real project id, AppKit 1.8.24 replaces the local `features` by the Reown dashboard's
 * (ConfigUtil.fetchRemoteFeatures) once its start-up fetch answers. This puts ours back whenever
 * they change, through AppKit's public `updateRemoteFeatures`, so the code stays the truth.
 * Returns the unsubscribe.
 */
export function keepOwnRemoteFeatures(
  appKit: Pick<AppKit, 'getRemoteFeatures' | 'subscribeRemoteFeatures' | 'updateRemoteFeatures'>,
): () => void {
  const enforce = (features: RemoteFeatures | undefined) => {
    if (differsFromOwn(features)) appKit.updateRemoteFeatures({ ...OWN_REMOTE_FEATURES });
  };
  const unsubscribe = appKit.subscribeRemoteFeatures(enforce);
  enforce(appKit.getRemoteFeatures());
  return unsubscribe;
}
