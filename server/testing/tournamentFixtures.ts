import type { Queryable } from '#server/db/database.ts';

/** What a test tournament differs in; the rest is a small Connect Four round robin. */
interface TournamentFixture {
  startsAt: Date;
  status?: 'scheduled' | 'live' | 'finished' | 'cancelled';
  entryFee?: number;
  housePrize?: number;
  entrantLimit?: number;
  game?: string;
}

/** Inserts a tournament straight into the database (as the runner's states need); returns its id. */
export async function insertTournament(db: Queryable, fixture: TournamentFixture): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into tournaments (game, format, status, starts_at, entry_fee, house_prize,
       entrant_limit, think_time_ms, prize_shares, created_at, updated_at)
     values ($1, 'round-robin', $2, $3, $4, $5, $6, 1000, '{70,30}', $3, $3)
     returning id::text as id`,
    [
      fixture.game ?? 'connect4',
      fixture.status ?? 'scheduled',
      fixture.startsAt,
      fixture.entryFee ?? 10,
      fixture.housePrize ?? 0,
      fixture.entrantLimit ?? 8,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('no tournament inserted');
  return id;
}

/**
 * The economy as the test reads it with its own SQL: every balance, the ledger rows of each
 * user, and the fees entrants of scheduled or live tournaments hold.
 */
export async function economyTotals(db: Queryable) {
  const { rows } = await db.query<{
    balances: string;
    ledger: string;
    held: string;
    mismatched: number;
  }>(
    `select (select coalesce(sum(balance), 0) from users)::text as balances,
       (select coalesce(sum(amount), 0) from ledger_entries where account = 'user')::text as ledger,
       (select coalesce(sum(e.fee_paid), 0) from tournament_entrants e
          join tournaments t on t.id = e.tournament_id
         where t.status in ('scheduled', 'live'))::text as held,
       (select count(*)::int from users u where u.balance <> (select coalesce(sum(amount), 0)
          from ledger_entries l where l.account = 'user' and l.user_id = u.id)) as mismatched`,
  );
  const row = rows[0];
  if (!row) throw new Error('no totals');
  return {
    balances: BigInt(row.balances),
    ledger: BigInt(row.ledger),
    held: BigInt(row.held),
    mismatched: row.mismatched,
  };
}
