-- An agent's page lists its recent matches (GET /api/matches?agent=): newest first by either seat.
create index matches_first_agent_seq on matches (first_agent_id, seq desc);
create index matches_second_agent_seq on matches (second_agent_id, seq desc);
