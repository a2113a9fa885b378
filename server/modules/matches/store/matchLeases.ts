import type { Queryable } from '../../../db/database.ts';

// A match is owned through a lease in its row (owner, lease_until): these take, extend and give
// up the leases of one process's matches; the move's own transaction checks the lease it writes.

/** Takes over live matches that are ours already or whose owner's lease ran out; returns ids. */
export async function claimMatches(
  db: Queryable,
  owner: string,
  now: Date,
  leaseUntil: Date,
): Promise<string[]> {
  // PostgreSQL re-checks the WHERE clause of a row another process updated meanwhile, so of two
  // processes claiming the same expired match only one gets it back.
  const { rows } = await db.query<{ id: string }>(
    `update matches set owner = $1, lease_until = $3
     where status in ('scheduled', 'live') and (owner = $1 or owner is null or lease_until < $2)
     returning id`,
    [owner, now, leaseUntil],
  );
  return rows.map((row) => row.id);
}

/** Extends the lease of every live match `owner` holds. */
export async function renewLeases(db: Queryable, owner: string, leaseUntil: Date): Promise<void> {
  await db.query(
    `update matches set lease_until = $2 where status in ('scheduled', 'live') and owner = $1`,
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
