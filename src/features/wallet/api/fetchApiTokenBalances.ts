import {
  type ReownTokenBalance,
  reownBalanceResponseSchema,
  reownTokenBalanceSchema,
} from '#core/protocol/walletBalances.ts';
import type { TokenBalance } from '#src/cache/records.ts';
import { shownTokenBalances } from './shownTokenBalances.ts';
import { TokenBalancesError } from './tokenBalancesError.ts';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * Reads one chain's ERC-20 balances, priced in US dollars, from Reown's balance API at `url` (see
 * balanceApiUrl). Entries failing their type check, from another chain, for the native coin (the
 * panel shows it on its own line) or with zero decimals are left out; an answer that is not a
 * balance list at all rejects, so the cache keeps nothing from it.
 */
export async function fetchApiTokenBalances(url: string, chainId: number): Promise<TokenBalance[]> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store' });
  } catch (error) {
    throw new TokenBalancesError('the balance API did not answer', error);
  }
  if (!response.ok) throw new TokenBalancesError(`HTTP status code: ${response.status}`);
  const parsed = reownBalanceResponseSchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    throw new TokenBalancesError(parsed.error.issues[0]?.message ?? 'Unknown error', parsed.error);
  }
  const tokens = parsed.data.balances.flatMap((entry) => {
    const checked = reownTokenBalanceSchema.safeParse(entry);
    const token = checked.success ? toTokenBalance(checked.data, `eip155:${chainId}`) : undefined;
    return token ? [token] : [];
  });
  return shownTokenBalances(tokens);
}

function toTokenBalance(entry: ReownTokenBalance, caipChainId: string): TokenBalance | undefined {
  // The address is CAIP-10 (eip155:1:0x…); a bare address is accepted as well.
  const address = entry.address?.split(':').at(-1);
  if (entry.chainId !== caipChainId || !address || !EVM_ADDRESS.test(address)) return undefined;
  const decimals = Number(entry.quantity.decimals);
  if (decimals > 36) return undefined;
  return {
    address,
    name: entry.name,
    symbol: entry.symbol,
    decimals,
    quantity: entry.quantity.numeric,
    usdValue: entry.value ?? null,
    // Icons show as <img>; anything but https is refused rather than loaded.
    iconUrl: entry.iconUrl?.startsWith('https://') ? entry.iconUrl : null,
  };
}
