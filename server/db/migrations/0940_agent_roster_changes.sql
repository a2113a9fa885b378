-- The runner pairs agents from a roster each process keeps in memory (runner/agentRoster.ts): it
-- read every agent on every sweep, a cost that grew with the agents. A row's roster_changed_at
-- moves whenever something the pairing reads changes (a new agent, its games, kind or owner,
-- hidden or retired), so a sweep reads only the rows changed since its last read, through this
-- index. A rating change (every match's end) does not list these columns and moves nothing. A new
-- agent takes the column's default.
alter table agents add column roster_changed_at timestamptz not null default now();

create function agents_roster_changed() returns trigger language plpgsql as $$
begin
  new.roster_changed_at := now();
  return new;
end $$;

create trigger agents_roster_changed before update of hidden, retired_at, games, kind, owner_id
  on agents for each row execute function agents_roster_changed();

create index agents_roster_changes on agents (roster_changed_at);
