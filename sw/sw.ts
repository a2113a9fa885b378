/// <reference lib="webworker" />
/**
 * Gridmind's service worker (vite-plugin-pwa injectManifest). Precaches the shell and our web
 * workers (the Connect Four analysis), serves every navigation from it except /api and /auth,
 * caches the wallet modal's chunks and the wallet directory's images at first use, and waits for
 * the page to say when to take over. Shows Web Push notifications and opens their pages (push.ts).
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import type { WorkboxPlugin } from 'workbox-core/types';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import {
  isLazyAssetUrl,
  isNetworkOnlyPath,
  isWalletImageUrl,
  NETWORK_ONLY_PATH,
} from './matchers.ts';
import { openFromNotification, showPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string })[] };

const THIRTY_DAYS_S = 30 * 24 * 60 * 60;

// Workbox's plugin classes declare their optional callbacks as `T | undefined`, which
// exactOptionalPropertyTypes refuses against Workbox's own WorkboxPlugin interface.
const plugin = (instance: object) => instance as WorkboxPlugin;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [NETWORK_ONLY_PATH],
  }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' &&
    !isNetworkOnlyPath(url.pathname) &&
    isLazyAssetUrl(url, self.location.origin),
  new CacheFirst({
    cacheName: 'gridmind-lazy-chunks',
    plugins: [
      plugin(new CacheableResponsePlugin({ statuses: [200] })),
      plugin(new ExpirationPlugin({ maxEntries: 300, purgeOnQuotaError: true })),
    ],
  }),
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isWalletImageUrl(url),
  new CacheFirst({
    cacheName: 'gridmind-wallet-images',
    plugins: [
      {
        // An <img> asks in no-cors mode and gets an opaque response, which Chromium counts as
        // megabytes of quota; asking in CORS mode gets a full, measurable response instead.
        requestWillFetch: async ({ request }) =>
          new Request(request.url, { mode: 'cors', credentials: 'omit' }),
      },
      plugin(new CacheableResponsePlugin({ statuses: [200] })),
      plugin(
        new ExpirationPlugin({
          maxEntries: 60,
          maxAgeSeconds: THIRTY_DAYS_S,
          purgeOnQuotaError: true,
        }),
      ),
    ],
  }),
);

// A new version waits until the page asks (the "Reload to update" toast): never mid-match.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes the open page at once, so its lazy chunks are cached from the start.
clientsClaim();

// Web Push (issue 48): show each push, and open its page on a click (push.ts).
self.addEventListener('push', (event) => {
  event.waitUntil(showPush(self, event.data?.text()));
});
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openFromNotification(self, event.notification.data));
});
