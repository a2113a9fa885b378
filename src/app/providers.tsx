import { IsRestoringProvider, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { OfflineNotice } from '../cache/OfflineNotice.tsx';
import { InstallHint } from '../features/install/components/InstallHint.tsx';
import { AppToaster } from './AppToaster.tsx';
import { queryClient } from './queryClient.ts';

/** False once `restored` has settled. */
function useStillRestoring(restored: Promise<void>): boolean {
  const [restoring, setRestoring] = useState(true);
  useEffect(() => {
    let mounted = true;
    const done = () => {
      if (mounted) setRestoring(false);
    };
    restored.then(done, done);
    return () => {
      mounted = false;
    };
  }, [restored]);
  return restoring;
}

/**
 * Everything the app runs inside: the query client and the toaster. The shell renders at once;
 * until `restored` settles (the saved queries are back in the cache) queries show what the cache
 * holds and do not fetch, so a cold start paints the last known data before the network answers.
 */
export function AppProviders({
  restored,
  children,
}: {
  restored: Promise<void>;
  children: ReactNode;
}) {
  const restoring = useStillRestoring(restored);
  return (
    <QueryClientProvider client={queryClient}>
      <IsRestoringProvider value={restoring}>
        <OfflineNotice />
        {children}
        <InstallHint />
        <AppToaster />
      </IsRestoringProvider>
    </QueryClientProvider>
  );
}
