-- The match runners sharing this database's live target (LIVE_MATCHES): each registers here when
-- it takes its presence lock, and counts as alive while that lock is held (ownerLiveness.ts), so
-- every runner starts its share of the matches, not the first to sweep all of them.
create table match_runners (
  owner text primary key,
  joined_at timestamptz not null default now()
);
