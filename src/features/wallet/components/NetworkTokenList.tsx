import { useId } from 'react';
import { DataTable, type DataTableColumn } from '#src/lib/table/DataTable.tsx';
import type { TokenBalancesView, TokenRow } from './tokenBalancesView.ts';

/**
 * One network's token balances: a heading, then a table (token, amount, and the USD value when
 * priced) or a sentence for loading, empty, unavailable and offline. Presentational only.
 */
export function NetworkTokenList({
  networkName,
  chainId,
  view,
  busy,
}: {
  networkName: string;
  chainId: number;
  view: TokenBalancesView;
  busy: boolean;
}) {
  const headingId = useId();
  return (
    <section
      className="token-network"
      aria-labelledby={headingId}
      aria-busy={busy}
      data-chain-id={chainId}
      data-state={view.kind}
    >
      <h4 id={headingId}>{networkName}</h4>
      {view.kind === 'loading' ? <p role="status">Loading token balances…</p> : null}
      {view.kind === 'unavailable' ? (
        <p role={view.offline ? 'status' : 'alert'} className="token-message">
          {view.message}
        </p>
      ) : null}
      {view.kind === 'empty' ? <p role="status">No tokens on this network</p> : null}
      {view.kind === 'list' ? (
        <TokenTable networkName={networkName} rows={view.rows} priced={view.priced} />
      ) : null}
      {(view.kind === 'list' || view.kind === 'empty') && view.savedOffline ? (
        <p className="token-note">Offline: showing the balances saved on this device.</p>
      ) : null}
    </section>
  );
}

const TOKEN: DataTableColumn<TokenRow> = {
  header: 'Token',
  rowHeader: true,
  cell: (row) => (
    <>
      {row.iconUrl ? (
        <img className="token-icon" src={row.iconUrl} alt="" width={20} height={20} />
      ) : null}
      <span className="token-symbol">{row.symbol}</span>
      <span className="token-name">{row.name}</span>
    </>
  ),
};
const AMOUNT: DataTableColumn<TokenRow> = {
  header: 'Amount',
  cell: (row) => row.amount,
  className: 'token-amount',
};
const VALUE: DataTableColumn<TokenRow> = {
  header: 'Value',
  cell: (row) =>
    row.usd ? (
      <>
        <span className="token-dollars">{row.usd.dollars}</span>
        <span className="token-pennies">{row.usd.pennies}</span>
      </>
    ) : (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">No price</span>
      </>
    ),
  className: 'token-value',
};

function TokenTable({
  networkName,
  rows,
  priced,
}: {
  networkName: string;
  rows: readonly TokenRow[];
  priced: boolean;
}) {
  return (
    <DataTable
      caption={`Token balances on ${networkName}`}
      columns={priced ? [TOKEN, AMOUNT, VALUE] : [TOKEN, AMOUNT]}
      rows={rows}
      rowKey={(row) => row.address}
      rowData={(row) => ({ 'data-token-address': row.address.toLowerCase() })}
      // The section says "No tokens on this network" itself (view kind `empty`).
      empty={null}
      className="token-table"
    />
  );
}
