import './WalletPanel.css';
import { shortenAddress } from '../../../../core/format/address.ts';
import { formatBalance } from '../../../../core/format/balance.ts';
import { minorToDecimal } from '../api/minorToDecimal.ts';
import type { WalletRef } from '../api/walletSnapshotQueryOptions.ts';
import { useWalletSnapshot } from '../hooks/useWalletSnapshot.ts';

/**
 * The connected wallet in the user menu and on Profile: avatar and name (ENS on mainnet, else the
 * directory identity), short address, and the native balance truncated to 3 decimals. Cached
 * values show at once, offline too; the network refreshes them when it can.
 */
export function WalletPanel({ address, chainId = 1 }: { address: string; chainId?: number }) {
  // Only EVM accounts sign in to Gridmind; anything else has no wallet data to show.
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return null;
  return <EvmWalletPanel wallet={{ address: address as `0x${string}`, chainId }} />;
}

function EvmWalletPanel({ wallet }: { wallet: WalletRef }) {
  const { snapshot, refreshing } = useWalletSnapshot(wallet);
  const name = snapshot.ens?.name ?? snapshot.identity?.name ?? null;
  const avatar = snapshot.ens?.avatar ?? snapshot.identity?.avatar ?? null;
  const balance = snapshot.nativeBalance;
  return (
    <section className="wallet-panel" aria-label="Connected wallet" aria-busy={refreshing}>
      {avatar ? (
        <img className="wallet-avatar" src={avatar} alt="" width={32} height={32} />
      ) : (
        <span className="wallet-avatar placeholder" aria-hidden="true" />
      )}
      <div className="wallet-details">
        {name ? (
          <span className="wallet-name" data-testid="wallet-name">
            {name}
          </span>
        ) : null}
        <span className="wallet-address" title={wallet.address} data-testid="wallet-address">
          {shortenAddress(wallet.address)}
        </span>
        <span className="wallet-balance" data-testid="wallet-balance">
          {balance
            ? formatBalance(minorToDecimal(balance.valueMinor, balance.decimals), balance.symbol)
            : 'Balance unavailable'}
        </span>
      </div>
    </section>
  );
}
