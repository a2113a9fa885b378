import type { Queryable } from '#server/db/database.ts';
import { type OwnerLiveness, ownerGone } from './ownerLiveness.ts';

// A match is owned through a lease in its row (owner, lease_until): these take, extend and give
// up the leases of one process's matches; the move's own transaction checks the owner it writes.
// A match whose owner is gone (ownerLiveness.ts) is taken over at once, without waiting for its
// lease: the lease only covers an owner that vanished without its database connection closing.

/**
 * Locks the rows a lease statement changes in id order, as a batch of bots' moves locks its
 * matches (botMoveBatch.ts): a plain update locks them in the order it finds them, and a batch
 * locking two of them in the other order deadlocked with it (PostgreSQL breaks it only after its
 * 1 s `deadlock_timeout`, every move of the batch waiting). `no key update`, the lock the update
 * takes anyway: a plain `for update` also waits for the key-share lock every bet in flight holds
 * on its match (placeBet.ts), and in a rush of 1,000 bets the runner's lease statements were
 * seen waiting on them (`Lock:transactionid`, bench -- rush), holding a pool connection.
 */
const IN_ID_ORDER = 'order by id for no key update';

/** Live and announced matches: few, and found through matches_status_seq, however many ended. */
const UNFINISHED = `status in ('scheduled', 'live')`;

/** Takes over the matches `claimable` selects (`$1` owner, `$2` now, `$3` lease). */
async function claim(db: Queryable, claimable: string, params: unknown[]): Promise<string[]> {
  // PostgreSQL re-checks the WHERE clause of a row another process updated meanwhile, so of two
  // processes claiming the same match only one gets it. Locked in id order (see IN_ID_ORDER).
  const { rows } = await db.query<{ id: string }>(
    `update matches m set owner = $1, lease_until = $3
     from (select id from matches where ${UNFINISHED} and (${claimable}) ${IN_ID_ORDER}) claimed
     where m.id = claimed.id
     returning m.id`,
    params,
  );
  return rows.map((row) => row.id);
}

/**
 * Takes over live matches that are ours already, have no owner, or whose owner is gone or let
 * its lease run out; returns their ids.
 */
export async function claimMatches(
  db: Queryable,
  owner: string,
  now: Date,
  leaseUntil: Date,
  liveness: OwnerLiveness,
): Promise<string[]> {
  const gone = ownerGone(liveness, 4);
  return claim(db, `owner = $1 or owner is null or lease_until < $2 or ${gone.sql}`, [
    owner,
    now,
    leaseUntil,
    ...gone.params,
  ]);
}

/**
 * Takes over only other owners' orphans (no owner, owner gone, lease run out): the frequent
 * look for a dead process's matches, which, unlike a full claim, leaves our own rows alone (an
 * update of each would queue their moves behind it). Returns their ids.
 */
export async function takeOverMatches(
  db: Queryable,
  owner: string,
  now: Date,
  leaseUntil: Date,
  liveness: OwnerLiveness,
): Promise<string[]> {
  const gone = ownerGone(liveness, 4);
  return claim(db, `owner is null or (owner <> $1 and (lease_until < $2 or ${gone.sql}))`, [
    owner,
    now,
    leaseUntil,
    ...gone.params,
  ]);
}

/** Extends the lease of every live match `owner` holds. */
export async function renewLeases(db: Queryable, owner: string, leaseUntil: Date): Promise<void> {
  await db.query(
    `update matches m set lease_until = $2
     from (select id from matches where ${UNFINISHED} and owner = $1 ${IN_ID_ORDER}) owned
     where m.id = owned.id`,
    [owner, leaseUntil],
  );
}

/** Gives up `owner`'s matches at a clean shutdown so another process may continue them at once. */
export async function releaseMatches(db: Queryable, owner: string): Promise<void> {
  await db.query(
    `update matches set owner = null, lease_until = null
     where status in ('scheduled', 'live') and owner = $1`,
    [owner],
  );
}
