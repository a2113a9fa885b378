-- Expired-session clean-up also drops sessions idle too long, by last_seen_at.
create index sessions_last_seen_at on sessions (last_seen_at);
