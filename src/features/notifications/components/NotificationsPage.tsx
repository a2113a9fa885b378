import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Notification } from '#core/protocol/notifications.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import {
  markAllNotificationsRead,
  markNotificationRead,
  NOTIFICATIONS_QUERY_KEY,
  notificationPagesQueryOptions,
} from '#src/features/notifications/api/notificationsApi.ts';
import { HttpError } from '#src/lib/http/requestJson.ts';
import './notifications.css';

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * `/notifications`: what the user was told, newest first, each entry a link to its page (read
 * once followed), "Mark all read", and more on demand. The app passes the sign-in button.
 */
export function NotificationsPage({ signIn }: { signIn: ReactNode }) {
  const queryClient = useQueryClient();
  const pages = useInfiniteQuery(notificationPagesQueryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  const markAll = useMutation({ mutationFn: markAllNotificationsRead, onSettled: refresh });
  const markOne = useMutation({ mutationFn: markNotificationRead, onSettled: refresh });
  const notifications = pages.data?.pages.flatMap((page) => page.notifications) ?? [];
  const signedOut = pages.error instanceof HttpError && pages.error.status === 401;
  const unread = notifications.some((notification) => !notification.read);

  return (
    <section className="page" aria-labelledby="page-notifications">
      <h1 id="page-notifications">Notifications</h1>
      {pages.isPending ? <LoadingStatus>Loading…</LoadingStatus> : null}
      {signedOut ? (
        <div className="empty-state" role="status">
          <h2>You are not signed in</h2>
          <p>Sign in with your wallet to see your notifications.</p>
          {signIn}
        </div>
      ) : pages.error ? (
        <p role="alert">{pages.error.message}</p>
      ) : null}
      {pages.data && notifications.length === 0 ? (
        <p className="empty-state" role="status">
          Nothing yet. Follow agents, bots and tournaments to hear when they play.
        </p>
      ) : null}
      {notifications.length > 0 ? (
        <>
          <div className="notification-actions">
            <button
              type="button"
              className="button"
              disabled={!unread || markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </button>
          </div>
          {markAll.error ? <p role="alert">{markAll.error.message}</p> : null}
          <ul className="notification-list">
            {notifications.map((notification) => (
              <NotificationEntry
                key={notification.id}
                notification={notification}
                onOpen={() => {
                  if (!notification.read) markOne.mutate(notification.id);
                }}
              />
            ))}
          </ul>
          {pages.hasNextPage ? (
            <button
              type="button"
              className="button"
              disabled={pages.isFetchingNextPage}
              onClick={() => void pages.fetchNextPage()}
            >
              {pages.isFetchingNextPage ? 'Loading…' : 'Show older'}
            </button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen: () => void;
}) {
  return (
    <li className={`notification-entry${notification.read ? '' : ' unread'}`}>
      <Link to={notification.path} onClick={onOpen}>
        <span className="notification-title">{notification.title}</span>
        {notification.read ? null : <span className="visually-hidden"> (unread)</span>}
        <span className="notification-body"> {notification.body}</span>
        <time dateTime={notification.createdAt}>
          {timeFormat.format(new Date(notification.createdAt))}
        </time>
      </Link>
    </li>
  );
}
