-- An admin role has two sources: ADMIN_ADDRESSES (re-applied at every sign-in, so removing an
-- address demotes it) and a grant made in /admin (kept across sign-ins until an admin revokes it).
alter table users add column admin_granted boolean not null default false;
