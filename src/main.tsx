import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { queryClient } from './app/queryClient.ts';
import { router } from './app/router.tsx';
import { startQueryPersistence } from './cache/startQueryPersistence.ts';
import { ME_QUERY_KEY } from './features/auth/api/meQueryOptions.ts';
import { followDisplayMode } from './features/install/displayMode.ts';
import { registerServiceWorker } from './lib/serviceWorker.ts';
import { startTelegramMiniApp } from './lib/telegramMiniApp.ts';
import { watchReturnFromWallet } from './lib/wallet/returnFromWallet.ts';
import { recheckAfterWalletReturn } from './lib/wallet/returnFromWalletRecheck.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

followDisplayMode();
registerServiceWorker();
void startTelegramMiniApp(router);
watchReturnFromWallet({
  onReturn: () => recheckAfterWalletReturn({ queryClient, meQueryKey: ME_QUERY_KEY }),
});

// The last saved data is in the query cache before the first render, so it paints at once.
void startQueryPersistence(queryClient).then(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
