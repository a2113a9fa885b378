-- The points economy: an append-only ledger, bets on announced matches, one settlement per
-- match, and users' own agents. Every balance change is a ledger row in the same transaction.

-- Announced matches take bets until their first move.
alter table matches drop constraint matches_status_check;
alter table matches add constraint matches_status_check
  check (status in ('scheduled', 'live', 'finished', 'cancelled'));
alter table matches add column starts_at timestamptz;

-- Users' own agents: owned, coloured, hidden by an admin or retired by the owner.
alter table agents add column owner_id uuid references users (id);
alter table agents add column color text not null default '#4f46e5';
alter table agents add column hidden boolean not null default false;
alter table agents add column retired_at timestamptz;
create unique index agents_name_lower on agents (lower(name)) where kind = 'custom';
create index agents_owner on agents (owner_id) where owner_id is not null;

-- Nicknames are unique regardless of case.
create unique index users_nickname_lower on users (lower(nickname));

create table bets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id),
  match_id text not null references matches (id),
  side text not null check (side in ('first', 'second', 'draw')),
  amount bigint not null check (amount > 0),
  idempotency_key text not null,
  status text not null default 'open' check (status in ('open', 'won', 'lost', 'refunded')),
  payout bigint check (payout >= 0),
  placed_at timestamptz not null,
  settled_at timestamptz,
  unique (user_id, idempotency_key)
);
create index bets_match on bets (match_id);
create index bets_user on bets (user_id, placed_at desc);
create index bets_open on bets (status) where status = 'open';

-- One row per settled match: its primary key is what makes settlement happen exactly once.
create table match_settlements (
  match_id text primary key references matches (id),
  outcome text not null check (outcome in ('paid', 'refunded')),
  pool bigint not null,
  commission bigint not null,
  dust bigint not null,
  settled_at timestamptz not null
);

create table ledger_entries (
  id bigserial primary key,
  account text not null check (account in ('user', 'house')),
  user_id uuid references users (id),
  amount bigint not null check (amount <> 0),
  kind text not null check (kind in ('welcome', 'admin_grant', 'admin_deduct', 'bet', 'payout',
    'refund', 'commission', 'dust')),
  reason text not null default '',
  match_id text references matches (id),
  bet_id uuid references bets (id),
  agent_id text references agents (id),
  actor_id uuid references users (id),
  created_at timestamptz not null default now(),
  check ((account = 'user') = (user_id is not null))
);
create index ledger_entries_user on ledger_entries (user_id, id desc);
create index ledger_entries_agent on ledger_entries (agent_id) where agent_id is not null;

-- The ledger is append-only: rows are never changed or removed.
create function ledger_entries_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'ledger_entries is append-only';
end $$;
create trigger ledger_entries_no_update before update or delete on ledger_entries
  for each row execute function ledger_entries_append_only();

-- The welcome grant is written by the same statement that creates the user, whoever creates it.
create function users_welcome_grant() returns trigger language plpgsql as $$
begin
  if new.balance <> 0 then
    insert into ledger_entries (account, user_id, amount, kind, reason, created_at)
    values ('user', new.id, new.balance, 'welcome', 'Welcome grant', new.created_at);
  end if;
  return new;
end $$;
create trigger users_welcome_grant after insert on users
  for each row execute function users_welcome_grant();

-- Users created before the ledger existed: their balance so far is their opening grant.
insert into ledger_entries (account, user_id, amount, kind, reason, created_at)
select 'user', id, balance, 'welcome', 'Opening balance', created_at from users where balance <> 0;
