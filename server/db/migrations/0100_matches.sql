-- Agents, matches, their moves and rating history. The roster rows are upserted from
-- core/agents/roster.ts at start-up (syncRoster), so the SQL never duplicates agent data.

create table agents (
  id text primary key,
  name text not null,
  tagline text not null default '',
  traits jsonb not null,
  kind text not null default 'builtin' check (kind in ('builtin', 'custom')),
  rating double precision not null default 1500,
  deviation double precision not null default 350,
  volatility double precision not null default 0.06,
  wins integer not null default 0,
  losses integer not null default 0,
  draws integer not null default 0,
  created_at timestamptz not null default now()
);

create table matches (
  id text primary key,
  -- Insertion order: the stable tie-breaker of the newest-first cursor.
  seq bigserial not null unique,
  game text not null default 'connect4' check (game in ('connect4')),
  status text not null check (status in ('live', 'finished', 'cancelled')),
  first_agent_id text not null references agents (id),
  second_agent_id text not null references agents (id),
  first_rating double precision not null,
  second_rating double precision not null,
  seed integer not null,
  moves text not null default '',
  result text check (result in ('first', 'second', 'draw')),
  -- Which server process plays the match, and until when its claim holds without renewal.
  owner text,
  lease_until timestamptz,
  started_at timestamptz not null,
  ended_at timestamptz
);

create index matches_status_seq on matches (status, seq desc);

create table match_moves (
  match_id text not null references matches (id) on delete cascade,
  ply integer not null check (ply between 1 and 42),
  column_number integer not null check (column_number between 1 and 7),
  agent_id text not null references agents (id),
  trace jsonb not null,
  played_at timestamptz not null,
  primary key (match_id, ply)
);

create table rating_history (
  agent_id text not null references agents (id),
  match_id text not null references matches (id) on delete cascade,
  rating double precision not null,
  deviation double precision not null,
  volatility double precision not null,
  recorded_at timestamptz not null,
  primary key (agent_id, match_id)
);

create index rating_history_agent on rating_history (agent_id, recorded_at);
