-- The runner's bot pairing asks every sweep which bots are online: with many bots, an index on
-- when their stream lease ends keeps that a range read of the few online ones.
create index bots_online_until on bots (online_until)
  where suspended_at is null and token_hash is not null;

-- The admin's bot list shows the newest 200: read newest first from an index, not sorted whole.
create index bots_created_at on bots (created_at desc);
