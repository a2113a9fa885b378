import './TokenBalances.css';
import { useId } from 'react';
import { SUPPORTED_CHAIN_IDS } from '#core/protocol/auth.ts';
import { useOnlineStatus } from '#src/cache/useOnlineStatus.ts';
import { useTokenBalances } from '#src/features/wallet/hooks/useTokenBalances.ts';
import { NetworkTokenList } from './NetworkTokenList.tsx';
import { tokenBalancesView } from './tokenBalancesView.ts';

/** How the panel names each supported network. */
const NETWORK_NAMES: Readonly<Record<(typeof SUPPORTED_CHAIN_IDS)[number], string>> = {
  1: 'Ethereum',
  42161: 'Arbitrum One',
};

/**
 * The account's token balances on every supported network, each read through the 30-second
 * balance cache on its own (one network failing leaves the other's list).
 */
export function TokenBalances({ address }: { address: `0x${string}` }) {
  const headingId = useId();
  return (
    <section className="token-balances" aria-labelledby={headingId}>
      <h3 id={headingId}>Token balances</h3>
      {SUPPORTED_CHAIN_IDS.map((chainId) => (
        <NetworkTokens key={chainId} address={address} chainId={chainId} />
      ))}
    </section>
  );
}

function NetworkTokens({
  address,
  chainId,
}: {
  address: `0x${string}`;
  chainId: (typeof SUPPORTED_CHAIN_IDS)[number];
}) {
  const query = useTokenBalances({ address, chainId });
  const online = useOnlineStatus();
  return (
    <NetworkTokenList
      networkName={NETWORK_NAMES[chainId]}
      chainId={chainId}
      view={tokenBalancesView(query, online)}
      busy={query.isFetching}
    />
  );
}
