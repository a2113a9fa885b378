-- How many of an agent's judged moves in each game kept the game's value (graded best or good by
-- core/games/verdict.ts), added in the transaction that ends each match: the agent page's
-- accuracy is then one row's read, however many moves the agent has played. Counted from this
-- migration on; verdicts began a release earlier, so few finished moves go uncounted.
alter table agent_ratings
  add column judged_moves integer not null default 0,
  add column accurate_moves integer not null default 0;
