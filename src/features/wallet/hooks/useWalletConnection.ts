import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onWalletSettingsChange } from '#src/cache/walletSettings.ts';
import { walletConnectionQueryOptions } from '#src/features/wallet/api/walletSnapshotQueryOptions.ts';

/**
 * The wallet connection the panel shows, read from the settings mirror and read again whenever
 * the mirror writes: after a page load the wallet reconnects (the mirror says "connecting", then
 * "connected") after the panel's first read, and that first read must not stay the answer.
 */
export function useWalletConnection() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onWalletSettingsChange(() => {
        void queryClient.invalidateQueries({ queryKey: walletConnectionQueryOptions().queryKey });
      }),
    [queryClient],
  );
  return useQuery(walletConnectionQueryOptions());
}
