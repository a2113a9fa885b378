import { shortenAddress } from '#core/format/address.ts';
import { formatBalance } from '#core/format/balance.ts';
import { minorToDecimal } from '#src/features/wallet/api/minorToDecimal.ts';
import type { WalletSnapshot } from '#src/features/wallet/api/walletSnapshot.ts';

/** The texts and image the wallet panel shows. */
export interface WalletPanelView {
  readonly name: string | null;
  readonly avatar: string | null;
  readonly shortAddress: string;
  readonly balance: string;
}

/** Both supported networks (mainnet, Arbitrum One) pay gas in ETH. */
const NATIVE_SYMBOL = 'ETH';

/**
 * What the panel shows for one snapshot: ENS name and avatar first (mainnet), else the wallet
 * directory's identity; the short address; the native balance truncated to 3 decimals, '0.000'
 * while unknown (SPEC section 5's display of an empty balance).
 */
export function walletPanelView(address: string, snapshot: WalletSnapshot): WalletPanelView {
  const balance = snapshot.nativeBalance;
  return {
    name: snapshot.ens?.name ?? snapshot.identity?.name ?? null,
    avatar: snapshot.ens?.avatar ?? snapshot.identity?.avatar ?? null,
    shortAddress: shortenAddress(address),
    balance: balance
      ? formatBalance(minorToDecimal(balance.valueMinor, balance.decimals), balance.symbol)
      : formatBalance(undefined, NATIVE_SYMBOL),
  };
}
