-- Limits that hold for the platform, not for one process: behind nginx with N processes a count
-- kept in each process's memory let through N times what the operator set.

-- Fixed-window request counters, one row per (budget, caller): a window starts at its caller's
-- first request and the row is reset in place by the first request after it. Unlogged: a count
-- lost in a crash costs nothing but a fresh window, and a transaction that writes only unlogged
-- rows writes no WAL, so it waits for no flush (the counter is on the bet's and the move's path).
create unlogged table rate_limit_windows (
  budget text not null,
  key text not null,
  window_start_ms bigint not null,
  hits integer not null,
  primary key (budget, key)
);
-- Rows of callers gone quiet are pruned by window start, in bounded batches.
create index rate_limit_windows_start on rate_limit_windows (budget, window_start_ms);

-- One row per open bot event stream, on whichever process holds it: a bot's two streams and the
-- streams per address count here, and a bot is online while any of its streams lives. The lease
-- is renewed by its process's heartbeat; a killed process's streams stop counting when it lapses.
create table bot_streams (
  id uuid primary key,
  -- Open order: a bot's opens are serialised by its row lock, so the lowest is its oldest.
  opened bigint generated always as identity,
  bot_id text not null references agents (id),
  address text not null,
  lease_until_ms bigint not null
);
create index bot_streams_bot on bot_streams (bot_id, opened);
create index bot_streams_address on bot_streams (address);
