/**
 * The service worker's Web Push handlers: a push shows its notification, a click on it brings
 * Gridmind to the linked page. The server's channel (server/modules/push/pushChannel.ts) sends
 * the payload; it is checked here too, since a browser requires a notification for every push
 * (a push that shows none costs the site its permission), so a malformed one shows a generic one.
 */
import { isSitePath, type PushPayload, readPushPayloadFields } from '#core/protocol/pushPayload.ts';

/** A window the worker can bring forward: the part of WindowClient these handlers use. */
interface PushWindow {
  readonly url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}

/** The part of the service worker's global scope the handlers use (tests pass a fake). */
export interface PushWorker {
  readonly location: { readonly origin: string };
  readonly registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  readonly clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly PushWindow[]>;
    openWindow(url: string): Promise<unknown>;
  };
}

/** What a push that cannot be read still shows. */
const GENERIC_PUSH: PushPayload = {
  title: 'Gridmind',
  body: 'Something you follow has news.',
  path: '/',
  key: 'gridmind',
};

const ICON = '/icons/icon-192.png';

/** The payload a push carries, or the generic one when it is missing or malformed. */
export function readPushPayload(text: string | undefined): PushPayload {
  if (text === undefined) return GENERIC_PUSH;
  try {
    return readPushPayloadFields(JSON.parse(text)) ?? GENERIC_PUSH;
  } catch {
    return GENERIC_PUSH;
  }
}

/**
 * Shows the push's notification. Its tag is the notice's key: a repeat (the server retrying a
 * device it had reached) replaces the notification instead of adding a second.
 */
export function showPush(worker: PushWorker, text: string | undefined): Promise<void> {
  const payload = readPushPayload(text);
  return worker.registration.showNotification(payload.title, {
    body: payload.body,
    icon: ICON,
    badge: ICON,
    tag: payload.key,
    data: { path: payload.path },
  });
}

/** The page a clicked notification links to, on our own origin whatever its data says. */
function clickedUrl(worker: PushWorker, data: unknown): string {
  const path = (data as { path?: unknown } | null)?.path;
  return new URL(isSitePath(path) ? path : '/', worker.location.origin).href;
}

/**
 * A click on a notification: takes an open Gridmind window to the linked page and brings it
 * forward, or opens a new window there when none is open (or the open one cannot be navigated).
 * The window is navigated before it is focused: focusing needs the click's own permission to
 * raise a window, and a page already shown there is what the click asked for.
 */
export async function openFromNotification(worker: PushWorker, data: unknown): Promise<void> {
  const url = clickedUrl(worker, data);
  const windows = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows.find((window) => new URL(window.url).origin === worker.location.origin);
  if (ours) {
    let navigated = true;
    if (ours.url !== url) {
      // An uncontrolled window cannot be navigated by the worker: open the page instead.
      navigated = await ours.navigate(url).then(
        () => true,
        () => false,
      );
    }
    if (navigated) {
      await ours.focus().catch(() => undefined);
      return;
    }
  }
  await worker.clients.openWindow(url);
}
