import './WalletPanel.css';
import type { WalletRef } from '#src/features/wallet/api/walletSnapshotQueryOptions.ts';
import { useWalletConnection } from '#src/features/wallet/hooks/useWalletConnection.ts';
import { useWalletSnapshot } from '#src/features/wallet/hooks/useWalletSnapshot.ts';
import { TokenBalances } from './TokenBalances.tsx';
import { walletPanelView } from './walletPanelView.ts';

/**
 * The connected wallet in the user menu and on Profile: avatar and name (ENS on mainnet, else the
 * directory identity), short address, and the native balance, on the wallet's own network, truncated
 * to 3 decimals. Cached values show at once, offline too; the network refreshes them when it can.
 * With `showTokens` (Profile; the menu stays short) the token balances of both networks follow.
 */
export function WalletPanel({
  address,
  showTokens = false,
}: {
  address: string;
  showTokens?: boolean;
}) {
  const connection = useWalletConnection();
  // Only EVM accounts sign in to Gridmind; anything else has no wallet data to show.
  if (!/^0x[0-9a-fA-F]{40}$/.test(address) || !connection.data) return null;
  const evmAddress = address as `0x${string}`;
  return (
    <>
      <EvmWalletPanel
        wallet={{ address: evmAddress, chainId: connection.data.chainId }}
        walletName={connection.data.walletName}
      />
      {showTokens ? <TokenBalances address={evmAddress} /> : null}
    </>
  );
}

function EvmWalletPanel({ wallet, walletName }: { wallet: WalletRef; walletName: string | null }) {
  const { snapshot, refreshing } = useWalletSnapshot(wallet);
  const view = walletPanelView(wallet.address, snapshot);
  return (
    <section
      className="wallet-panel"
      aria-label="Connected wallet"
      aria-busy={refreshing}
      data-chain-id={wallet.chainId}
    >
      {view.avatar ? (
        <img
          className="wallet-avatar"
          src={view.avatar}
          alt=""
          width={32}
          height={32}
          data-testid="wallet-avatar"
        />
      ) : (
        <span className="wallet-avatar placeholder" aria-hidden="true" />
      )}
      <div className="wallet-details">
        {view.name ? (
          <span className="wallet-name" data-testid="wallet-name">
            {view.name}
          </span>
        ) : null}
        <span className="wallet-address" title={wallet.address} data-testid="wallet-address">
          {view.shortAddress}
        </span>
        <span className="wallet-balance" data-testid="wallet-balance">
          {view.balance}
        </span>
        {walletName ? (
          <span className="wallet-connector" data-testid="wallet-connector">
            {walletName}
          </span>
        ) : null}
      </div>
    </section>
  );
}
