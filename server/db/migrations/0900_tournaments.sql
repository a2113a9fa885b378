-- Tournaments (issue 28): an event of one game in one format, its entrants and the fees they
-- paid. Entry fees leave the payer's balance into the tournament's pool (a ledger row each, with
-- the tournament named) and come back on withdrawal or cancellation; the pool is the fees of
-- the entrants plus the house's prize, and stays held while the tournament is scheduled or live.
-- Points are whole, as balances and bets keep them.
create table tournaments (
  id uuid primary key default gen_random_uuid(),
  -- Any id of core/games/registry.ts, checked by the server as matches.game is.
  game text not null,
  format text not null check (format in ('round-robin', 'swiss', 'knockout')),
  -- A Swiss's rounds; the other formats' rounds follow from the field.
  rounds integer check (rounds between 1 and 50),
  status text not null default 'scheduled'
    check (status in ('scheduled', 'live', 'finished', 'cancelled')),
  starts_at timestamptz not null,
  entry_fee bigint not null check (entry_fee >= 0),
  house_prize bigint not null check (house_prize >= 0),
  entrant_limit integer not null check (entrant_limit between 2 and 256),
  think_time_ms integer not null check (think_time_ms > 0),
  -- The shares of the first, second … places (core/tournaments/prizes.ts).
  prize_shares integer[] not null,
  created_by uuid references users (id),
  created_at timestamptz not null,
  updated_at timestamptz not null,
  check ((format = 'swiss') = (rounds is not null))
);
-- The list reads the upcoming and the live soonest first, and the ended (finished or cancelled)
-- newest first, for every game or one: each a range of one of these, read in order and stopped.
create index tournaments_status_starts on tournaments (status, starts_at, id);
create index tournaments_game_status_starts on tournaments (game, status, starts_at, id);
create index tournaments_ended on tournaments (starts_at, id)
  where status in ('finished', 'cancelled');
create index tournaments_game_ended on tournaments (game, starts_at, id)
  where status in ('finished', 'cancelled');

create table tournament_entrants (
  tournament_id uuid not null references tournaments (id),
  agent_id text not null references agents (id),
  -- Who entered and paid: null for a built-in agent an admin entered (fee-free).
  entered_by uuid references users (id),
  fee_paid bigint not null check (fee_paid >= 0),
  entered_at timestamptz not null,
  primary key (tournament_id, agent_id),
  check (entered_by is not null or fee_paid = 0)
);

-- Fees, their refunds and the prizes name the tournament. At the end the house pays its prize
-- into the pool ('house_prize', a negative house row) and the pool goes to the top finishers'
-- owners ('prize'; a built-in agent's share to the house).
alter table ledger_entries add column tournament_id uuid references tournaments (id);
alter table ledger_entries drop constraint ledger_entries_kind_check;
alter table ledger_entries add constraint ledger_entries_kind_check
  check (kind in ('welcome', 'admin_grant', 'admin_deduct', 'bet', 'payout', 'refund',
    'commission', 'dust', 'entry_fee', 'entry_refund', 'prize', 'house_prize'));
