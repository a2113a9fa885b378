import { useQuery } from '@tanstack/react-query';
import { tokenBalancesQueryOptions } from '../api/tokenBalancesQueryOptions.ts';

/** One chain's token balances for an address, through the 30-second balance cache. */
export function useTokenBalances(wallet: { address: `0x${string}`; chainId: number }) {
  return useQuery(tokenBalancesQueryOptions(wallet));
}
