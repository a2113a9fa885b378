-- The trigram indexes of 0910 were most of what inserting a user costs (a first sign-in): each
-- address adds 43 trigrams and each nickname about 15, one search of each index's tree apiece,
-- two thirds of a user's insert on the embedded database and four fifths on PostgreSQL. A short
-- pending list takes new entries in order and merges them into the tree 256 kB at a time,
-- sorted: a user's insert costs a fifth to two fifths less (`npm run bench -- userInserts`,
-- docs/FIGURES.md). A search reads the list whole besides the tree; at 256 kB that stays
-- bounded, and the planner still prefers the indexes (hotPathPlans.test.ts, on a grown
-- database). 0910 turned the list off because the default one (4 MB, merged only by a vacuum or
-- once full) made the planner read the table instead.
alter index users_address_trgm set (fastupdate = on, gin_pending_list_limit = 256);
alter index users_nickname_trgm set (fastupdate = on, gin_pending_list_limit = 256);
