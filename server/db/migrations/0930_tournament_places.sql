-- An agent's tournaments and places (issue 28, part 6): the place each entrant finished in is
-- written by the settlement, in the transaction that ends the tournament, so the agent's page
-- reads it instead of pairing every event again. Null until then (and for a cancelled event).
alter table tournament_entrants add column final_place integer check (final_place >= 1);
-- The agent's page lists its newest tournaments: its entries, read through this index.
create index tournament_entrants_agent on tournament_entrants (agent_id, tournament_id);
