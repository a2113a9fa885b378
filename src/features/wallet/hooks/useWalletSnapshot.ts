import { useQuery } from '@tanstack/react-query';
import type { WalletSnapshot } from '#src/features/wallet/api/walletSnapshot.ts';
import {
  cachedWalletSnapshotQueryOptions,
  freshWalletSnapshotQueryOptions,
  type WalletRef,
} from '#src/features/wallet/api/walletSnapshotQueryOptions.ts';

/** The panel's data: the cache's answer at once, each part replaced by the network's when it comes. */
export function useWalletSnapshot(wallet: WalletRef): {
  snapshot: WalletSnapshot;
  refreshing: boolean;
} {
  const cached = useQuery(cachedWalletSnapshotQueryOptions(wallet));
  const fresh = useQuery(freshWalletSnapshotQueryOptions(wallet));
  return {
    snapshot: {
      nativeBalance: fresh.data?.nativeBalance ?? cached.data?.nativeBalance,
      ens: fresh.data?.ens ?? cached.data?.ens,
      identity: fresh.data?.identity ?? cached.data?.identity,
    },
    refreshing: fresh.isFetching,
  };
}
