import type { Config } from 'wagmi';
import * as z from 'zod/mini';
import type { WalletCache } from '#src/cache/walletCache.ts';
import type { WalletSnapshot } from './walletSnapshot.ts';

const MAINNET_ID = 1;

const identitySchema = z.object({
  name: z.nullish(z.string()),
  avatar: z.nullish(z.string()),
});

/** Where the wallet directory's identity lookup lives, or none without a real project id. */
export type IdentityUrl = ((address: string) => string) | undefined;

/**
 * Asks the network for the panel's data through wagmi (native balance, ENS on mainnet) and the
 * wallet directory (identity), writing every answer into the cache layer. Each part fails on its
 * own: with no RPC reachable the panel keeps what the cache had.
 */
export async function fetchWalletSnapshot(options: {
  wagmiConfig: Config;
  cache: WalletCache;
  wallet: { address: `0x${string}`; chainId: number };
  identityUrl: IdentityUrl;
}): Promise<WalletSnapshot> {
  const { wagmiConfig, cache, wallet } = options;
  const { getBalance, getEnsAvatar, getEnsName } = await import('wagmi/actions');
  const chainId = wallet.chainId as Config['chains'][number]['id'];

  const nativeBalance = getBalance(wagmiConfig, { address: wallet.address, chainId }).then(
    async ({ value, decimals, symbol }) => {
      const balance = { valueMinor: value, decimals, symbol };
      await cache.setNativeBalance(wallet.chainId, wallet.address, balance);
      return balance;
    },
  );
  const ens = getEnsName(wagmiConfig, { address: wallet.address, chainId: MAINNET_ID }).then(
    async (name) => {
      const avatar = name
        ? await getEnsAvatar(wagmiConfig, { name, chainId: MAINNET_ID }).catch(() => null)
        : null;
      const profile = { name, avatar };
      await cache.setEns(wallet.address, profile);
      return profile;
    },
  );
  const identity = fetchIdentity(options.identityUrl, wallet.address).then(async (profile) => {
    if (profile) await cache.setIdentity(wallet.address, profile);
    return profile;
  });

  const [balanceResult, ensResult, identityResult] = await Promise.allSettled([
    nativeBalance,
    ens,
    identity,
  ]);
  const settled = <T>(result: PromiseSettledResult<T>) =>
    result.status === 'fulfilled' ? result.value : undefined;
  return {
    nativeBalance: settled(balanceResult),
    ens: settled(ensResult),
    identity: settled(identityResult) ?? undefined,
  };
}

async function fetchIdentity(identityUrl: IdentityUrl, address: string) {
  if (!identityUrl) return undefined;
  const response = await fetch(identityUrl(address));
  if (!response.ok) throw new Error(`HTTP status code: ${response.status}`);
  const parsed = identitySchema.parse(await response.json());
  return { name: parsed.name ?? null, avatar: parsed.avatar ?? null };
}
