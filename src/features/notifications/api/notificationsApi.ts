import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import {
  type NotificationKind,
  notificationPageSchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '#core/protocol/notifications.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/** Every query of this feature starts with this key, so one invalidation refreshes them all. */
export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** How often the bell asks for the unread count while the page is open. */
const UNREAD_REFETCH_MS = 60_000;

/** `GET /api/notifications/unread`: the bell's count. */
export function unreadCountQueryOptions() {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'unread'] as const,
    queryFn: async () => (await requestJson('/api/notifications/unread', unreadCountSchema)).unread,
    refetchInterval: UNREAD_REFETCH_MS,
  });
}

/** `GET /api/notifications`, newest first, a page per cursor. */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'list'] as const,
    queryFn: ({ pageParam }) =>
      requestJson(
        `/api/notifications${pageParam ? `?before=${encodeURIComponent(pageParam)}` : ''}`,
        notificationPageSchema,
      ),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** `GET /api/notifications/preferences`: every kind on or off. */
export function notificationPreferencesQueryOptions() {
  return queryOptions({
    queryKey: [...NOTIFICATIONS_QUERY_KEY, 'preferences'] as const,
    queryFn: async () =>
      (await requestJson('/api/notifications/preferences', notificationPreferencesSchema))
        .preferences,
  });
}

/** `POST /api/notifications/:id/read`; answers the unread count left. */
export async function markNotificationRead(id: string): Promise<number> {
  const url = `/api/notifications/${encodeURIComponent(id)}/read`;
  return (await requestJson(url, unreadCountSchema, { method: 'POST', body: {} })).unread;
}

/** `POST /api/notifications/read-all`. */
export async function markAllNotificationsRead(): Promise<number> {
  const url = '/api/notifications/read-all';
  return (await requestJson(url, unreadCountSchema, { method: 'POST', body: {} })).unread;
}

/** `PUT /api/notifications/preferences` with the kinds to change. */
export async function updateNotificationPreferences(
  preferences: Partial<Record<NotificationKind, boolean>>,
) {
  const answer = await requestJson(
    '/api/notifications/preferences',
    notificationPreferencesSchema,
    {
      method: 'PUT',
      body: { preferences },
    },
  );
  return answer.preferences;
}
