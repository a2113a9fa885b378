import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openCacheLayer } from './cacheLayer.ts';
import { createUnreadNotificationsCache } from './unreadNotifications.ts';

describe('the unread notifications count cache', () => {
  it('keeps each user their own count across a reopening', async () => {
    const databaseName = `unread-${Math.random()}`;
    const first = createUnreadNotificationsCache(await openCacheLayer({ indexedDB, databaseName }));
    expect(await first.read('user-a')).toBeUndefined();
    await first.write('user-a', 4);
    await first.write('user-b', 0);
    const reopened = createUnreadNotificationsCache(
      await openCacheLayer({ indexedDB, databaseName }),
    );
    expect(await reopened.read('user-a')).toBe(4);
    expect(await reopened.read('user-b')).toBe(0);
  });
});
