import { pushKeySchema } from '#core/protocol/push.ts';
import { noContent } from '#src/lib/http/noContent.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/** A base64url key as the bytes `pushManager.subscribe` takes. */
function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/**
 * Asks the browser's permission (call it from a click: browsers want a user gesture), subscribes
 * this device with the server's VAPID key and hands the subscription to the server. Resolves
 * with what the user answered; only `granted` leaves the device subscribed.
 */
export async function subscribeToPush(): Promise<NotificationPermission> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return permission;
  const { publicKey } = await requestJson('/api/push/key', pushKeySchema);
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64UrlBytes(publicKey),
    }));
  await requestJson('/api/push/subscriptions', noContent, {
    method: 'POST',
    body: subscription.toJSON(),
  });
  return permission;
}
