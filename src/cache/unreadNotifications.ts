import * as z from 'zod/mini';
import type { CacheLayer } from './cacheLayer.ts';

const unreadSchema = z.int().check(z.nonnegative());

/**
 * The bell's unread count, kept per user in the settings store so the header shows it offline
 * and before the server answers. Failures read as unknown (the layer logs them).
 */
export function createUnreadNotificationsCache(layer: CacheLayer) {
  const key = (userId: string) => `unreadNotifications:${userId}`;
  return {
    read: (userId: string) => layer.read('settings', key(userId), unreadSchema, 'unread count'),
    write: (userId: string, unread: number) =>
      layer.write('settings', key(userId), unread, 'unread count'),
  };
}
