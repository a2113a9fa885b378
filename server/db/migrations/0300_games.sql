-- Many games on one platform. `matches.game` is any id of core/games/registry.ts (the server
-- checks it: a new game needs no migration), a move is its game's notation, ratings and records
-- are kept per agent and game, and each agent plays the games it lists. Every stored Connect
-- Four match, move, rating and bet stays valid: its moves were already the notation.

alter table matches drop constraint matches_game_check;
alter table matches alter column game drop default;
-- Why a match ended, in its game's words ('four-in-a-row', 'no-moves', later 'timeout').
alter table matches add column result_reason text;
update matches set result_reason = case when result = 'draw' then 'board-full' else 'four-in-a-row' end
  where status = 'finished' and game = 'connect4';
create index matches_game_status_seq on matches (game, status, seq desc);

alter table match_moves drop constraint match_moves_ply_check;
alter table match_moves add constraint match_moves_ply_check check (ply >= 1);
alter table match_moves add column move text;
update match_moves set move = column_number::text;
alter table match_moves alter column move set not null;
alter table match_moves drop column column_number;
-- A trace names its candidate moves in notation too: Connect Four's columns become text.
update match_moves set trace = jsonb_set(
  jsonb_set(trace, '{chosen}', to_jsonb(trace ->> 'chosen')),
  '{candidates}',
  coalesce(
    (select jsonb_agg(jsonb_build_object('move', c ->> 'move', 'score', c -> 'score') order by n)
     from jsonb_array_elements(trace -> 'candidates') with ordinality as e (c, n)),
    '[]'::jsonb
  )
);

create table agent_ratings (
  agent_id text not null references agents (id),
  game text not null,
  rating double precision not null default 1500,
  deviation double precision not null default 350,
  volatility double precision not null default 0.06,
  wins integer not null default 0,
  losses integer not null default 0,
  draws integer not null default 0,
  primary key (agent_id, game)
);
insert into agent_ratings (agent_id, game, rating, deviation, volatility, wins, losses, draws)
  select id, 'connect4', rating, deviation, volatility, wins, losses, draws from agents;

alter table rating_history add column game text;
update rating_history set game = 'connect4';
alter table rating_history alter column game set not null;
create index rating_history_agent_game on rating_history (agent_id, game, recorded_at);

-- The games an agent plays. Built-in agents get every registered game at start-up (syncRoster);
-- custom agents made before other games existed keep playing Connect Four.
alter table agents add column games text[] not null default '{connect4}';
