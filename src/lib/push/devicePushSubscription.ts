import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
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
