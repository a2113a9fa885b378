import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useOnlineStatus } from '#src/cache/useOnlineStatus.ts';
import { failedOffline } from '#src/features/wallet/api/tokenBalanceRetry.ts';
import { tokenBalancesQueryOptions } from '#src/features/wallet/api/tokenBalancesQueryOptions.ts';

/**
 * One chain's token balances for an address, through the 30-second balance cache; a list that
 * failed for want of a network is asked again once the browser is back online.
 */
export function useTokenBalances(wallet: { address: `0x${string}`; chainId: number }) {
  const query = useQuery(tokenBalancesQueryOptions(wallet));
  const online = useOnlineStatus();
  const { error, refetch } = query;
  // TanStack's reconnect refetch misses a page that started offline: its online flag starts
  // true, so coming online changes nothing it listens to. The browser's own events do.
  useEffect(() => {
    if (online && failedOffline(error)) void refetch();
  }, [online, error, refetch]);
  return query;
}
