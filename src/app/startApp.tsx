import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ME_QUERY_KEY } from '../features/auth/api/meQueryOptions.ts';
import { isTelegramMiniApp } from '../lib/telegram.ts';
import { setToasterHost } from '../lib/toast.ts';
import { watchReturnFromWallet } from '../lib/wallet/returnFromWallet.ts';
import { showAppToaster } from './AppToaster.tsx';
import { AppProviders } from './providers.tsx';
import { queryClient } from './queryClient.ts';
import { router } from './router.tsx';
import { whenPageIdle } from './whenPageIdle.ts';

/** Resolves once the router has the first page's route module (pages load lazily). */
function routerReady(): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Starts the app in the page: toasts, Telegram, the return from a wallet app, the
 * persisted query cache, React, and the service worker once the page is idle. src/main.tsx calls
 * it after the first paint.
 */
export function startApp(): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');

  setToasterHost(showAppToaster);
  // Only a Telegram Mini App needs its set-up (theme, back button); nobody else downloads it.
  if (isTelegramMiniApp()) {
    void import('../lib/telegramMiniApp.ts').then(({ startTelegramMiniApp }) =>
      startTelegramMiniApp(router),
    );
  }
  // The recheck loads when someone comes back from a wallet app, not with the first page.
  watchReturnFromWallet({
    onReturn: () =>
      import('../lib/wallet/returnFromWalletRecheck.ts').then(({ recheckAfterWalletReturn }) =>
        recheckAfterWalletReturn({ queryClient, meQueryKey: ME_QUERY_KEY }),
      ),
  });

  // The saved queries load beside the shell, not before it: the persistence code (IndexedDB, the
  // persister, their schemas) is its own chunk, and queries wait for the restore (AppProviders)
  // so the last known data still paints before the network answers.
  const restored = import('../cache/startQueryPersistence.ts').then(
    ({ startQueryPersistence }) => startQueryPersistence(queryClient),
    (error: unknown) => console.info('Unable to load the query cache', error),
  );

  // A prerendered page is on screen (scripts/prerender.ts): the app replaces it in one render
  // once the page's module is here, never with an empty page in between.
  void routerReady().then(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProviders restored={restored}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  });

  // Offline support and update checks can wait until the page is up.
  whenPageIdle(() => {
    void import('../lib/serviceWorker.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker(),
    );
  });
}
