import type { NativeBalance, Profile } from '#src/cache/records.ts';
import type { WalletCache } from '#src/cache/walletCache.ts';

/** What the wallet panel shows for one address on one chain; each part may be unknown. */
export interface WalletSnapshot {
  readonly nativeBalance?: NativeBalance | undefined;
  /** ENS name and avatar (mainnet only). */
  readonly ens?: Profile | undefined;
  /** The wallet directory's identity for the address. */
  readonly identity?: Profile | undefined;
}

/** Reads the panel's data from the cache layer only (IndexedDB, within the spec's lifetimes). */
export async function readCachedWalletSnapshot(
  cache: WalletCache,
  wallet: { address: string; chainId: number },
): Promise<WalletSnapshot> {
  const [nativeBalance, ens, identity] = await Promise.all([
    cache.getNativeBalance(wallet.chainId, wallet.address),
    cache.getEns(wallet.address),
    cache.getIdentity(wallet.address),
  ]);
  return { nativeBalance, ens, identity };
}
