import * as z from 'zod/mini';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_KINDS,
  type Notification,
  type NotificationKind,
  type NotificationPage,
  notificationKindSchema,
} from '#core/protocol/notifications.ts';
import type { Queryable } from '#server/db/database.ts';

// The column is plain text: a kind this code does not know reads as a followed match's.
const storedKindSchema = z.catch(notificationKindSchema, 'followed-match');

/** A page of a user's notifications, newest first, older than `before` when given. */
export async function listNotifications(
  db: Queryable,
  userId: string,
  before: string | undefined,
  limit: number,
): Promise<NotificationPage> {
  const { rows } = await db.query<{
    id: string;
    kind: string;
    title: string;
    body: string;
    path: string;
    created_at: Date;
    read: boolean;
  }>(
    `select id::text, kind, title, body, path, created_at, read_at is not null as read
     from notifications where user_id = $1 and ($2::bigint is null or id < $2::bigint)
     order by notifications.id desc limit $3`,
    [userId, before ?? null, limit + 1],
  );
  const notifications: Notification[] = rows.slice(0, limit).map((row) => ({
    id: row.id,
    kind: storedKindSchema.parse(row.kind),
    title: row.title,
    body: row.body,
    path: row.path,
    createdAt: new Date(row.created_at).toISOString(),
    read: row.read,
  }));
  const more = rows.length > limit;
  return { notifications, nextCursor: more ? (notifications.at(-1)?.id ?? null) : null };
}

/** How many of a user's notifications are unread (the bell's count). */
export async function unreadCount(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from notifications where user_id = $1 and read_at is null',
    [userId],
  );
  return rows[0]?.count ?? 0;
}

/** Marks one of the user's notifications read; false when they have none with that id. */
export async function markRead(
  db: Queryable,
  userId: string,
  id: string,
  now: Date,
): Promise<boolean> {
  const { rows } = await db.query(
    `update notifications set read_at = coalesce(read_at, $3)
     where id = $2::bigint and user_id = $1 returning id`,
    [userId, id, now],
  );
  return rows.length > 0;
}

/** Marks all the user's notifications read. */
export async function markAllRead(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query('update notifications set read_at = $2 where user_id = $1 and read_at is null', [
    userId,
    now,
  ]);
}

/** The user's choice for every kind, the default where they never chose. */
export async function readPreferences(
  db: Queryable,
  userId: string,
): Promise<Record<NotificationKind, boolean>> {
  const { rows } = await db.query<{ kind: string; enabled: boolean }>(
    'select kind, enabled from notification_preferences where user_id = $1',
    [userId],
  );
  const chosen = new Map(rows.map((row) => [row.kind, row.enabled]));
  return Object.fromEntries(
    NOTIFICATION_KINDS.map((kind) => [
      kind,
      chosen.get(kind) ?? DEFAULT_NOTIFICATION_PREFERENCES[kind],
    ]),
  ) as Record<NotificationKind, boolean>;
}

/** Records the user's choices for the kinds given, in one statement. */
export async function writePreferences(
  db: Queryable,
  userId: string,
  choices: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const entries = Object.entries(choices);
  if (entries.length === 0) return;
  await db.query(
    `insert into notification_preferences (user_id, kind, enabled)
     select $1, c.kind, c.enabled from unnest($2::text[], $3::boolean[]) as c(kind, enabled)
     on conflict (user_id, kind) do update set enabled = excluded.enabled`,
    [userId, entries.map(([kind]) => kind), entries.map(([, enabled]) => enabled)],
  );
}
