import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ME_QUERY_KEY } from '#src/features/auth/api/meQueryOptions.ts';
import { onInterestShown } from '#src/lib/dom/interestShown.ts';
import { isTelegramMiniApp } from '#src/lib/telegram.ts';
import { setToasterHost } from '#src/lib/toast.ts';
import { watchReturnFromWallet } from '#src/lib/wallet/returnFromWallet.ts';
import { BrowserApp } from './BrowserApp.tsx';
import { queryClient } from './queryClient.ts';
import { preloadPage } from './routes.tsx';
import { whenPageIdle } from './whenPageIdle.ts';

/** The restore runs once, even when StrictMode runs the effect that asks for it twice. */
function once(run: () => Promise<void>): () => Promise<void> {
  let started: Promise<void> | undefined;
  return () => {
    started ??= run();
    return started;
  };
}

/**
 * Starts the app in the page: toasts, Telegram, the return from a wallet app, React (hydrating
 * the prerendered page, or rendering into the empty shell the service worker serves), the saved
 * query cache once that first render is in, and the service worker once the page is idle.
 * src/main.tsx calls it after the first paint.
 */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // A Mini App link to a page (the bot's buttons) opens the app's home carrying that page: go
  // there before the home page renders, keeping Telegram's launch data in the hash. Only such a
  // launch loads the decoder; everyone else's first load stays without it.
  const launchedWithPage = new URLSearchParams(window.location.search).has('tgWebAppStartParam');
  if (isTelegramMiniApp() && launchedWithPage) {
    void import('#src/lib/telegramStartPage.ts').then(
      ({ telegramStartPage }) => {
        const startPage = telegramStartPage();
        if (!startPage) return startIn(root);
        const { hash } = window.location;
        window.location.replace(startPage.includes('#') ? startPage : startPage + hash);
      },
      () => startIn(root),
    );
    return;
  }
  startIn(root);
}

/** Everything but the Mini App's start page: toasts, Telegram, wallets, React, the cache, the worker. */
function startIn(root: HTMLElement): void {
  // The first toast loads sonner and mounts its toaster; src/lib/toast.ts asks once (again after
  // a failure, e.g. offline before the chunk was cached).
  setToasterHost(() => import('./toasterRoot.tsx').then(({ mountToaster }) => mountToaster()));
  // Only a Telegram Mini App needs its set-up (theme, back button); nobody else downloads it.
  if (isTelegramMiniApp()) {
    void Promise.all([
      import('#src/lib/telegramMiniApp.ts'),
      import('./NavigationBridge.tsx'),
    ]).then(([{ startTelegramMiniApp }, { appNavigation }]) => startTelegramMiniApp(appNavigation));
  }
  // Notifications on this device are offered when the user first follows something or turns a
  // kind on, never on load: the offer loads then (issue 48).
  onInterestShown(() => {
    void import('#src/features/push/offerPush.ts').then(
      ({ offerPush }) => offerPush(),
      (error: unknown) => console.info('The push offer could not load', error),
    );
  });
  // The recheck loads when someone comes back from a wallet app, not with the first page.
  watchReturnFromWallet({
    onReturn: () =>
      import('#src/lib/wallet/returnFromWalletRecheck.ts').then(({ recheckAfterWalletReturn }) =>
        recheckAfterWalletReturn({ queryClient, meQueryKey: ME_QUERY_KEY }),
      ),
  });

  // The persistence code (IndexedDB, the persister, their schemas) is its own chunk, fetched now
  // beside the page's module; BrowserApp starts the restore after its first render.
  const persistence = import('#src/cache/startQueryPersistence.ts');
  const restore = once(() =>
    persistence.then(
      ({ startQueryPersistence }) => startQueryPersistence(queryClient),
      (error: unknown) => console.info('Unable to load the query cache', error),
    ),
  );

  // The page's own module first, so the first render does not suspend: a prerendered page is
  // hydrated (its DOM stays; no blank frame), an empty shell is rendered into.
  const app = <BrowserApp restore={restore} />;
  const render = () => {
    // In a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole tree (React renders default-priority work in one go); the
    // page is already painted and readable, so nothing waits on it.
    if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  };
  preloadPage(window.location.pathname).then(render, render);

  // Offline support and update checks can wait until the page is up.
  whenPageIdle(() => {
    void import('#src/lib/serviceWorker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
