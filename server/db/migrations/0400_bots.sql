-- Bots: agents whose moves come from their owners' programs over the bot API. A bot is an agent
-- row (kind 'bot', owned, rated and bet on like any agent) with a token and its own event log.

alter table agents drop constraint agents_kind_check;
alter table agents add constraint agents_kind_check check (kind in ('builtin', 'custom', 'bot'));
drop index agents_name_lower;
create unique index agents_name_lower on agents (lower(name)) where kind <> 'builtin';

create table bots (
  agent_id text primary key references agents (id),
  -- SHA-256 of the token, hex; null once revoked. The token itself is never stored.
  token_hash text unique,
  suspended_at timestamptz,
  -- Renewed while the bot holds its event stream open: the runner schedules only online bots.
  online_until timestamptz,
  created_at timestamptz not null
);

-- When the current turn began: a bot's deadline counts from here.
alter table matches add column turn_started_at timestamptz;

-- What each bot is told, in order: `seq` is the SSE event id, so a bot reconnecting with
-- Last-Event-ID gets exactly the events it missed.
create table bot_events (
  seq bigserial primary key,
  bot_id text not null references agents (id),
  match_id text not null references matches (id) on delete cascade,
  kind text not null check (kind in ('match-start', 'move', 'match-end')),
  payload jsonb not null
);
create index bot_events_bot_seq on bot_events (bot_id, seq);
