-- Follows: what a signed-in user follows, so that what happens to it can reach them (issue 48).
-- A target is an agent (built-in, custom or a bot: bots are agents), a tournament or a game.
-- Targets are checked by the server when followed; a follow of something later removed is
-- harmless (it only ever selects recipients), so there is no foreign key per kind.
create table follows (
  user_id uuid not null references users (id) on delete cascade,
  target_kind text not null check (target_kind in ('agent', 'tournament', 'game')),
  target_id text not null check (length(target_id) between 1 and 64),
  created_at timestamptz not null,
  primary key (user_id, target_kind, target_id)
);
-- Who follows a target: the notifications' fan-out and a page's follower count.
create index follows_target on follows (target_kind, target_id);
