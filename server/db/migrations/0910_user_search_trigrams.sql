-- The admin's user search finds text anywhere in an address or nickname (issue 26): a b-tree
-- cannot serve `like '%text%'`, trigram GIN indexes can, so it reads the users that hold the
-- text's trigrams instead of every user. The extension lives in public, whatever schema the
-- tables are in, so isolated test schemas share one and dropping one of them leaves it; the
-- operator classes are named through the schema it is actually in (an operator may have
-- installed it elsewhere before).
-- fastupdate is off: by default a GIN index queues new rows in a pending list that every search
-- reads whole until a vacuum merges it, and the planner, counting that list, reads the table
-- instead. Users are added once each, at a first sign-in, so each insert updates the indexes at
-- once (measured on PostgreSQL 15, 20,000 users: about 170 µs a row against 33 µs queued).
create extension if not exists pg_trgm with schema public;

do $$
declare
  trgm text := (select extnamespace::regnamespace::text from pg_extension where extname = 'pg_trgm');
begin
  execute format('create index users_address_trgm on users using gin (address %s.gin_trgm_ops)'
    ' with (fastupdate = off)', trgm);
  execute format(
    'create index users_nickname_trgm on users using gin (lower(nickname) %s.gin_trgm_ops)'
    ' with (fastupdate = off)', trgm);
end
$$;

-- The list without a search shows the newest users: read newest first from an index and stop.
create index users_created_at on users (created_at desc, id);
