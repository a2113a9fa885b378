-- A bet's id was random (gen_random_uuid), so each new bet's primary-key entry landed on a random
-- leaf of an index as large as every bet ever placed: on a grown database, a leaf read from disk
-- and, after each checkpoint, a full-page image in the WAL for nearly every bet of a rush. An id
-- whose first 48 bits are the time in milliseconds (RFC 9562's version 7, the rest random as in
-- version 4) puts each new entry beside the last ones, on the few pages already in memory. The
-- time an id tells (the database's clock) is about the bet's placed_at, which its owner sees
-- anyway. Bets placed before keep their ids: only where new entries go changes.
create function uuid_v7() returns uuid language sql volatile parallel safe as $$
  select encode(
    set_bit(set_bit(
      overlay(uuid_send(gen_random_uuid())
        placing substring(int8send((extract(epoch from clock_timestamp()) * 1000)::bigint) from 3)
        from 1 for 6),
      52, 1), 53, 1),
    'hex')::uuid
$$;

alter table bets alter column id set default uuid_v7();
