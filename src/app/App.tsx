import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { OfflineNotice } from '#src/cache/OfflineNotice.tsx';
import { InstallOffer } from '#src/features/install/components/InstallOffer.tsx';
import { AppRoutes } from './routes.tsx';

/**
 * The whole app, inside a router: the tree the build renders to HTML (src/prerender) and the
 * browser hydrates (startApp.tsx). While `restoring`, queries show what the cache holds and do not
 * fetch; the build renders with an empty cache, and the browser's first render must match it.
 */
export function App({ queryClient, restoring }: { queryClient: QueryClient; restoring: boolean }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <IsRestoringProvider value={restoring}>
          <OfflineNotice />
          <AppRoutes />
          <InstallOffer />
        </IsRestoringProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
