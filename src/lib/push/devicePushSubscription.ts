/**
 * This device's Web Push subscription, shared by the push feature's switch and by sign-out (a
 * device stops being told about a user once that user signs out on it).
 */
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { withTimeout } from '#src/lib/withTimeout.ts';

/** How long sign-out waits for the device's subscription to go before ending the session anyway. */
const SIGN_OUT_UNSUBSCRIBE_TIMEOUT_MS = 3000;

/** This device's push subscription, if it has one (none where no service worker is registered). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (typeof navigator === 'undefined') return null; // prerendering, or a test in Node
  // getRegistration, not `ready`: `ready` never settles on a page without a service worker.
  const registration = await navigator.serviceWorker?.getRegistration();
  return (await registration?.pushManager?.getSubscription()) ?? null;
}

/** Stops pushes to this device: the server forgets it, then the browser drops the subscription. */
export async function unsubscribeFromPush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await requestJson('/api/push/subscriptions', noContent, {
    method: 'DELETE',
    body: { endpoint: subscription.endpoint },
  });
  await subscription.unsubscribe();
}

/**
 * For sign-out, called while the session still stands: the server forgets this device for the
 * user, then the browser drops the subscription, so the next person to sign in here starts with
 * notifications off. Never throws and gives up after a few seconds: signing out must not wait on
 * it. If the server could not be told, the browser's unsubscribe still ends the endpoint, and
 * the push service's 410 on the next push makes the server drop it.
 */
export async function forgetDevicePushOnSignOut(): Promise<void> {
  const forget = async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await requestJson('/api/push/subscriptions', noContent, {
      method: 'DELETE',
      body: { endpoint: subscription.endpoint },
    }).catch((error: unknown) => console.warn('The server could not forget this device', error));
    await subscription.unsubscribe();
  };
  try {
    await withTimeout(forget(), SIGN_OUT_UNSUBSCRIBE_TIMEOUT_MS, 'Push unsubscribe timed out');
  } catch (error) {
    console.warn('This device could not drop its push subscription', error);
  }
}
