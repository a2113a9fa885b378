-- Names collide on their look-alike key (core/text/names.ts: NFKC, Cyrillic and Greek letters
-- that pass for Latin ones folded, lower case), so `Ѕage` in Cyrillic cannot stand beside Sage.
-- The app computes the key on every insert and rename; start-up fills it for rows that predate
-- it (syncRoster). Null keys (rows not yet filled) never collide. agents_name_lower stays: it
-- keeps names unique regardless of case in every script.
alter table agents add column name_key text;
create unique index agents_name_key on agents (name_key);
-- The name check asks for either key, for agents of every kind (agents_name_lower leaves out the
-- built-in ones): with this index it reads two indexes, not the table.
create index agents_lower_name on agents (lower(name));
