import type { Config } from 'wagmi';
import type { TokenBalance } from '#src/cache/records.ts';
import { WATCHED_TOKENS } from '#src/config/watchedTokens.ts';
import { minorToDecimal } from './minorToDecimal.ts';
import { shownTokenBalances } from './shownTokenBalances.ts';
import { TokenBalancesError } from './tokenBalancesError.ts';

/** ERC-20 `balanceOf`, the one call needed: decimals and symbol come from the config. */
const BALANCE_OF_ABI = [
  {
    type: 'function',
    name: 'balanceOf',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
] as const;

/**
 * Reads the watched tokens' balances (src/config/watchedTokens.ts) with `balanceOf` through wagmi
 * and the configured RPCs, as the panel's native balance is read. One failed call rejects the
 * whole list: a list missing a token would pass for the account not holding it.
 */
export async function fetchRpcTokenBalances(
  wagmiConfig: Config,
  wallet: { address: `0x${string}`; chainId: number },
): Promise<TokenBalance[]> {
  const tokens =
    wallet.chainId in WATCHED_TOKENS ? WATCHED_TOKENS[wallet.chainId as 1 | 42161] : [];
  const { readContract } = await import('wagmi/actions');
  const chainId = wallet.chainId as Config['chains'][number]['id'];
  let amounts: bigint[];
  try {
    amounts = await Promise.all(
      tokens.map((token) =>
        readContract(wagmiConfig, {
          address: token.address,
          abi: BALANCE_OF_ABI,
          functionName: 'balanceOf',
          args: [wallet.address],
          chainId,
        }),
      ),
    );
  } catch (error) {
    throw new TokenBalancesError('the RPC did not answer balanceOf', error);
  }
  return shownTokenBalances(
    tokens.map((token, index) => ({
      address: token.address,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      quantity: minorToDecimal(amounts[index] ?? 0n, token.decimals),
      usdValue: null,
      iconUrl: null,
    })),
  );
}
