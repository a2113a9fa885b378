import type { Queryable } from '#server/db/database.ts';
import type { DeliveryChannel, OutgoingNotice, SendOutcome } from '#server/delivery/channel.ts';
import {
  NotificationWorker,
  type NotificationWorkerOptions,
} from '#server/modules/notifications/notificationWorker.ts';
import type { TestApp } from '#server/testing/testApp.ts';

/**
 * A channel standing where a push service or Telegram stands: it records every notice it is
 * handed and answers as the test says.
 */
export function recordingChannel(
  answer: (notice: OutgoingNotice) => Promise<SendOutcome> = async () => ({ kind: 'sent' }),
): { channel: DeliveryChannel; handed: OutgoingNotice[] } {
  const handed: OutgoingNotice[] = [];
  return {
    handed,
    channel: {
      name: 'push',
      send: (notice) => {
        handed.push(notice);
        return answer(notice);
      },
    },
  };
}

/** A worker on the test app's database and clock, whose passes the test runs by hand. */
export function testWorker(
  t: TestApp,
  channels: readonly DeliveryChannel[] = [],
  options: Pick<NotificationWorkerOptions, 'gather' | 'delivery' | 'prune'> = {},
): NotificationWorker {
  return new NotificationWorker({
    db: t.db,
    channels,
    clock: { now: t.clock.now, setTimeout: () => null, clearTimeout: () => {} },
    gather: { gatherMs: 0, ...options.gather },
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.prune ? { prune: options.prune } : {}),
  });
}

/** `userId` follows an agent or a tournament (the follows module's row, written directly). */
export async function follow(
  db: Queryable,
  userId: string,
  kind: 'agent' | 'tournament',
  targetId: string,
): Promise<void> {
  await db.query(
    `insert into follows (user_id, target_kind, target_id, created_at) values ($1, $2, $3, now())
     on conflict do nothing`,
    [userId, kind, targetId],
  );
}

/** A user's notifications as stored, oldest first. */
export async function storedNotifications(db: Queryable, userId: string) {
  const { rows } = await db.query<{ kind: string; title: string; body: string; path: string }>(
    'select kind, title, body, path from notifications where user_id = $1 order by id',
    [userId],
  );
  return rows;
}
