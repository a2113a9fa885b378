import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { getAppCacheLayer } from '#src/cache/appCache.ts';
import { createUnreadNotificationsCache } from '#src/cache/unreadNotifications.ts';
import { unreadCountQueryOptions } from '#src/features/notifications/api/notificationsApi.ts';

const unreadCache = async () => createUnreadNotificationsCache(await getAppCacheLayer());

/**
 * The user's unread count: the server's when it answers, else the one kept in IndexedDB (so the
 * bell shows it offline and before the first answer); each answer is kept for next time.
 */
export function useUnreadCount(userId: string): number | undefined {
  const query = useQuery(unreadCountQueryOptions());
  const [cached, setCached] = useState<number | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void unreadCache()
      .then((cache) => cache.read(userId))
      .then((count) => {
        if (live) setCached(count);
      });
    return () => {
      live = false;
    };
  }, [userId]);
  const fresh = query.data;
  useEffect(() => {
    if (fresh !== undefined) void unreadCache().then((cache) => cache.write(userId, fresh));
  }, [userId, fresh]);
  return fresh ?? cached;
}
