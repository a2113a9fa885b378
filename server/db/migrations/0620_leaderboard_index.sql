-- The overall leaderboard (GET /api/agents, on every visitor's home page every 20 s) reads its
-- top LEADERBOARD_SIZE agents off this index and stops, however many agents users create.
create index agents_leaderboard on agents (rating desc, id) where not hidden and retired_at is null;
