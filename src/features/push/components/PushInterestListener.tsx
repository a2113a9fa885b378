import { useEffect } from 'react';
import { onInterestShown } from '#src/lib/dom/interestShown.ts';

/**
 * Listens, once for the app, for a user showing interest in being told things, and only then
 * loads the push offer: the browser's permission is never asked on load (issue 48).
 */
export function PushInterestListener() {
  useEffect(
    () =>
      onInterestShown(() => {
        void import('#src/features/push/offerPush.ts').then(
          ({ offerPush }) => offerPush(),
          (error: unknown) => console.info('The push offer could not load', error),
        );
      }),
    [],
  );
  return null;
}
