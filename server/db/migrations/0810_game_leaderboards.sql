-- One game's leaderboard (GET /api/agents?game=…) walks this index in that game's rating order
-- and stops at its top, as the overall one walks agents_leaderboard: it no longer sorts every
-- agent who plays the game. For that every agent has a standing row in each game it plays from
-- the start (1500, no record), kept by a trigger so that no path creating an agent or changing
-- its games (custom agents, bots, the roster, the seed) can leave one out.
create function agent_ratings_for_games() returns trigger language plpgsql as $$
begin
  insert into agent_ratings (agent_id, game)
    select new.id, game from unnest(new.games) as game
    on conflict do nothing;
  return new;
end $$;

create trigger agents_rating_rows after insert or update of games on agents
  for each row execute function agent_ratings_for_games();

insert into agent_ratings (agent_id, game)
  select a.id, game from agents a, unnest(a.games) as game
  on conflict do nothing;

create index agent_ratings_leaderboard on agent_ratings (game, rating desc, agent_id);
