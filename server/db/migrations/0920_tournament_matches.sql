-- Tournament games (issue 28) are ordinary matches: announced, bet on, played by the runner and
-- rated like any other, with the tournament and round they belong to. A round pairs two entrants
-- at most once (core/tournaments: a knockout's replay is a round of its own), so the tournament,
-- round and seats name one game: the unique index below makes a second insert of that game a
-- no-op, whichever process tries it and however often. A game an admin cancelled leaves the key,
-- so the runner plays the game again.
alter table matches add column tournament_id uuid references tournaments (id);
alter table matches add column tournament_round integer check (tournament_round >= 1);
-- The tournament's think-time limit: an engine thinks no longer than this per move (null: its own).
alter table matches add column think_time_ms integer check (think_time_ms > 0);
alter table matches add constraint matches_tournament_round_named
  check ((tournament_id is null) = (tournament_round is null));
create unique index matches_tournament_game on matches
  (tournament_id, tournament_round, first_agent_id, second_agent_id)
  where tournament_id is not null and status <> 'cancelled';
-- The runner reads a tournament's games at every sweep, and the page its rounds: one range read.
create index matches_tournament on matches (tournament_id, tournament_round)
  where tournament_id is not null;

-- The rating each entrant is seeded by, fixed when the tournament starts: the rounds are paired
-- again from the seeds at every sweep, and the ratings move with every game the event rates.
alter table tournament_entrants add column seed_rating double precision;
