import type { FollowTarget } from '#core/protocol/follows.ts';
import type { Queryable } from '#server/db/database.ts';

/** A row of what a user follows, newest first. */
export interface FollowRow {
  kind: FollowTarget['kind'];
  id: string;
  followedAt: Date;
}

/**
 * How many things a user follows, with the user's row locked for the rest of the transaction:
 * it serialises their follows, so the cap holds under concurrency. Reads at most the user's own
 * rows, through the primary key's prefix.
 */
export async function countFollowsLocked(tx: Queryable, userId: string): Promise<number> {
  await tx.query('select id from users where id = $1 for update', [userId]);
  const { rows } = await tx.query<{ count: number }>(
    'select count(*)::int as count from follows where user_id = $1',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

/** Writes a follow; false when the user already followed the target. */
export async function insertFollow(
  tx: Queryable,
  userId: string,
  target: FollowTarget,
  now: Date,
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into follows (user_id, target_kind, target_id, created_at) values ($1, $2, $3, $4)
     on conflict do nothing returning user_id`,
    [userId, target.kind, target.id, now],
  );
  return rows.length > 0;
}

/** Removes a follow, if there was one. */
export async function deleteFollow(
  db: Queryable,
  userId: string,
  target: FollowTarget,
): Promise<void> {
  await db.query('delete from follows where user_id = $1 and target_kind = $2 and target_id = $3', [
    userId,
    target.kind,
    target.id,
  ]);
}

/**
 * How many follow a target and whether `userId` (null for a visitor) is one of them: one
 * statement over the target index.
 */
export async function followState(
  db: Queryable,
  target: FollowTarget,
  userId: string | null,
): Promise<{ followers: number; following: boolean }> {
  const { rows } = await db.query<{ followers: number; following: boolean }>(
    `select count(*)::int as followers, coalesce(bool_or(user_id = $3::uuid), false) as following
     from follows where target_kind = $1 and target_id = $2`,
    [target.kind, target.id, userId],
  );
  return { followers: rows[0]?.followers ?? 0, following: rows[0]?.following ?? false };
}

/** What a user follows, newest first; bounded by the per-user cap. */
export async function listFollows(db: Queryable, userId: string): Promise<FollowRow[]> {
  const { rows } = await db.query<{ kind: FollowRow['kind']; id: string; created_at: Date }>(
    `select target_kind as kind, target_id as id, created_at from follows
     where user_id = $1 order by created_at desc, target_kind, target_id`,
    [userId],
  );
  return rows.map((row) => ({ kind: row.kind, id: row.id, followedAt: new Date(row.created_at) }));
}
