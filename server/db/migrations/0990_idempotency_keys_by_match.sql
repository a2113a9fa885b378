-- A bet's idempotency key is unique for its user on its match, and the index that checks it
-- leads with the match. Keyed (user_id, idempotency_key), every bet of a rush checked and wrote a
-- leaf of its own user's, at random in an index as large as every bet ever placed: on a grown
-- database a leaf read from disk and, after a checkpoint, a full-page image in the WAL for
-- nearly every bet (720 of a 1,000-bet rush's 970, `bench -- rush` read with pg_walinspect).
-- A rush is a crowd betting on one match, so leading with the match puts its bets' entries on a
-- few neighbouring leaves, already in memory. The same index serves every read of a match's bets
-- (pools, settlement), so it replaces bets_match as well. A retried request names its match
-- again and still places one bet; a key reused on another match places a bet there.
alter table bets add constraint bets_match_user_idempotency_key
  unique (match_id, user_id, idempotency_key);
alter table bets drop constraint bets_user_id_idempotency_key_key;
drop index bets_match;
