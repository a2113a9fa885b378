import type { LedgerHealth } from '#core/protocol/ledger.ts';
import type { Queryable } from '#server/db/database.ts';

/** Kinds of rows that bring points in or take them out of the economy. */
const EXTERNAL_KINDS = `('welcome', 'admin_grant', 'admin_deduct')`;

/**
 * The ledger's totals: everything ever granted must sit in balances, open stakes, entry fees
 * held by tournaments not yet over (scheduled or live) or the house,
 * and every user's balance must equal the sum of their ledger rows. Read in one statement so the
 * totals come from one snapshot.
 */
export async function ledgerHealth(db: Queryable): Promise<LedgerHealth> {
  const { rows } = await db.query<Record<string, string>>(
    `select
       (select coalesce(sum(amount), 0) from ledger_entries where kind in ${EXTERNAL_KINDS})::text
         as granted,
       (select coalesce(sum(balance), 0) from users)::text as balances,
       (select coalesce(sum(amount), 0) from bets where status = 'open')::text as open_stakes,
       (select coalesce(sum(e.fee_paid), 0) from tournaments t
          join tournament_entrants e on e.tournament_id = t.id
         where t.status in ('scheduled', 'live'))::text as held_fees,
       (select coalesce(sum(amount), 0) from ledger_entries where account = 'house')::text as house,
       (select count(*) from users u where u.balance <> (select coalesce(sum(amount), 0)
          from ledger_entries e where e.account = 'user' and e.user_id = u.id))::text as mismatched`,
  );
  const row = rows[0] ?? {};
  const value = (name: string) => BigInt(row[name] ?? '0');
  const granted = value('granted');
  const balances = value('balances');
  const openStakes = value('open_stakes');
  const heldEntryFees = value('held_fees');
  const house = value('house');
  const mismatchedUsers = Number(value('mismatched'));
  return {
    granted: Number(granted),
    balances: Number(balances),
    openStakes: Number(openStakes),
    heldEntryFees: Number(heldEntryFees),
    house: Number(house),
    agrees: granted === balances + openStakes + heldEntryFees + house && mismatchedUsers === 0,
    mismatchedUsers,
  };
}
