-- A settlement row belongs to its match: removing a match (test clean-ups, operators) removes it.
alter table match_settlements drop constraint match_settlements_match_id_fkey;
alter table match_settlements add constraint match_settlements_match_id_fkey
  foreign key (match_id) references matches (id) on delete cascade;
