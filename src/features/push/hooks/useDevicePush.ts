import { useCallback, useEffect, useState } from 'react';
import { turnPushOn } from '#src/features/push/offerPush.ts';
import { type PushSupport, pushSupport } from '#src/features/push/pushSupport.ts';
import {
  currentPushSubscription,
  unsubscribeFromPush,
} from '#src/lib/push/devicePushSubscription.ts';
import { toast } from '#src/lib/toast.ts';

/** This device's Web Push state for the profile's switch, and the switch's action. */
export function useDevicePush(): {
  support: PushSupport | null;
  /** Whether this device is subscribed; null until known. */
  subscribed: boolean | null;
  busy: boolean;
  setOn: (on: boolean) => Promise<void>;
} {
  // Read after mount: the prerendered page knows nothing of the browser.
  const [support, setSupport] = useState<PushSupport | null>(null);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const found = pushSupport();
    setSupport(found);
    if (found.kind !== 'available') return;
    let live = true;
    currentPushSubscription().then(
      (subscription) => live && setSubscribed(subscription !== null),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const setOn = useCallback(async (on: boolean) => {
    setBusy(true);
    try {
      if (on) {
        setSubscribed((await turnPushOn()) === 'granted');
      } else {
        await unsubscribeFromPush();
        setSubscribed(false);
      }
    } catch (error) {
      void toast.error({
        message: 'Notifications could not be turned off.',
        ...(error instanceof Error ? { description: error.message } : {}),
      });
    } finally {
      setSupport(pushSupport()); // the permission may have changed with the answer
      setBusy(false);
    }
  }, []);

  return { support, subscribed, busy, setOn };
}
