-- The welcome grant, once a statement instead of once a row: a row trigger ran a PL/pgSQL insert
-- for each new user, a fixed cost per first sign-in that a burst's batched statement paid 250
-- times over. A statement trigger sees the statement's new users as a table and grants them all
-- in one insert, still in the statement that created them, whoever issued it.
drop trigger users_welcome_grant on users;
drop function users_welcome_grant();

create function users_welcome_grants() returns trigger language plpgsql as $$
begin
  insert into ledger_entries (account, user_id, amount, kind, reason, created_at)
  select 'user', id, balance, 'welcome', 'Welcome grant', created_at
    from created_users where balance <> 0;
  return null;
end $$;
create trigger users_welcome_grants after insert on users
  referencing new table as created_users
  for each statement execute function users_welcome_grants();
