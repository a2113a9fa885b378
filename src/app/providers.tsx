import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { OfflineNotice } from '../cache/OfflineNotice.tsx';
import { InstallHint } from '../features/install/components/InstallHint.tsx';
import { AppToaster } from './AppToaster.tsx';
import { queryClient } from './queryClient.ts';

/** Everything the app runs inside: the query client and the toaster. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <OfflineNotice />
      {children}
      <InstallHint />
      <AppToaster />
    </QueryClientProvider>
  );
}
