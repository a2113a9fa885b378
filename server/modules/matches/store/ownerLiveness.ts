import type { Queryable } from '#server/db/database.ts';

// A runner shows it is alive by holding a session-level advisory lock named after its owner id on
// a connection of its own: PostgreSQL releases it the instant that connection closes, a killed
// process's included, so another process that can take the lock knows the owner is gone and need
// not wait out its leases. The embedded database has one process: there an owner is alive when a
// runner of this process holds it on that database (presenceHolder.ts).

/**
 * The lock class of presence locks, in PostgreSQL's space of two-integer advisory keys, which
 * never meets the one-bigint keys of the creation, schedule and migration locks.
 */
const PRESENCE_LOCK_CLASS = 0x4772_6964;

/**
 * The presence lock's key for the owner id `owner` (an SQL expression). Advisory locks belong to
 * the whole database, not a schema: the schema in the key keeps apart the runners of test suites
 * that share one database, each in its own schema, under the same owner ids.
 */
const presenceKey = (owner: string) =>
  `${PRESENCE_LOCK_CLASS}, hashtext(current_schema() || '.' || ${owner})`;

/** How a claim tells that a match's owner is gone. */
export type OwnerLiveness =
  /** PostgreSQL: its presence lock is free (tested in the claim's own transaction). */
  | { by: 'lock' }
  /** PGlite: it is none of the owners the runners of this process hold. */
  | { by: 'list'; owners: readonly string[] };

/**
 * A predicate on a matches row true when its owner is gone, and its parameters from
 * `$firstParam` on. The lock is taken for the claim's transaction only: it is released at its
 * commit, and meanwhile a restarting process of that owner id waits to hold it (a try again at
 * its next sweep), so it never claims what this claim is taking.
 */
export function ownerGone(
  liveness: OwnerLiveness,
  firstParam: number,
): { sql: string; params: unknown[] } {
  if (liveness.by === 'lock') {
    return {
      sql: `pg_try_advisory_xact_lock(${presenceKey('owner')})`,
      params: [],
    };
  }
  return { sql: `owner <> all($${firstParam}::text[])`, params: [[...liveness.owners]] };
}

/**
 * Takes `owner`'s presence lock on `session` (a connection of its own, held for the process's
 * life); false while someone else holds it: a claim testing it this instant, or the previous
 * process of that owner id, not yet gone.
 */
export async function lockPresence(session: Queryable, owner: string): Promise<boolean> {
  const { rows } = await session.query<{ held: boolean }>(
    `select pg_try_advisory_lock(${presenceKey('$1')}) as held`,
    [owner],
  );
  return rows[0]?.held === true;
}

/**
 * The predicate, on a `match_runners` row aliased `r`, that its runner holds its presence lock now
 * (the lock as `pg_locks` shows it: the class and key of `presenceKey` as two unsigned halves).
 */
const presenceHeld = `exists (select 1 from pg_locks l
  where l.locktype = 'advisory' and l.granted and l.objsubid = 2
    and l.database = (select oid from pg_database where datname = current_database())
    and l.classid = ${PRESENCE_LOCK_CLASS}::oid
    and l.objid = hashtext(current_schema() || '.' || r.owner)::oid)`;

/**
 * Counts `owner` among the runners sharing the live target, once its presence lock is held, and
 * forgets those whose lock is free (gone; a returning one registers again when it takes its lock).
 */
export async function registerRunner(session: Queryable, owner: string): Promise<void> {
  await session.query(
    `with gone as (delete from match_runners r where r.owner <> $1 and not ${presenceHeld})
     insert into match_runners (owner) values ($1) on conflict (owner) do nothing`,
    [owner],
  );
}

/**
 * How many runners are alive on this database, at least one (the one asking): those that share
 * the live target. On PostgreSQL, the registered runners holding their presence lock; on PGlite,
 * the owners this process's runners hold on it.
 */
export async function liveRunnerCount(q: Queryable, liveness: OwnerLiveness): Promise<number> {
  if (liveness.by === 'list') return Math.max(1, liveness.owners.length);
  const { rows } = await q.query<{ runners: number }>(
    `select count(*)::int as runners from match_runners r where ${presenceHeld}`,
  );
  return Math.max(1, rows[0]?.runners ?? 0);
}

/** Gives up `owner`'s presence lock on `session` (a clean stop, after its matches were released). */
export async function unlockPresence(session: Queryable, owner: string): Promise<void> {
  await session.query(`select pg_advisory_unlock(${presenceKey('$1')})`, [owner]);
}
