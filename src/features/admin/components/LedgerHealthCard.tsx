import { formatThousands } from '#core/format/balance.ts';
import type { LedgerHealth } from '#core/protocol/ledger.ts';

/**
 * The ledger's totals: granted = balances + open stakes + held entry
 * fees + house, or a loud warning. The admin
 * page passes them in: it already holds the query, and a second observer mounting would refetch.
 */
export function LedgerHealthCard({ health }: { health: LedgerHealth }) {
  const { granted, balances, openStakes, heldEntryFees, house, agrees, mismatchedUsers } = health;
  return (
    <section aria-labelledby="admin-ledger">
      <h2 id="admin-ledger" className="section-title">
        Ledger health
      </h2>
      <p role={agrees ? 'status' : 'alert'} data-testid="ledger-agrees">
        {agrees ? 'The ledger agrees.' : `The ledger does not agree (${mismatchedUsers} users).`}
      </p>
      <dl className="details">
        <dt>Granted</dt>
        <dd>{formatThousands(granted)}</dd>
        <dt>Balances</dt>
        <dd>{formatThousands(balances)}</dd>
        <dt>Open stakes</dt>
        <dd>{formatThousands(openStakes)}</dd>
        <dt>Held entry fees</dt>
        <dd>{formatThousands(heldEntryFees)}</dd>
        <dt>House</dt>
        <dd>{formatThousands(house)}</dd>
      </dl>
    </section>
  );
}
