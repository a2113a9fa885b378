import { Link } from 'react-router';
import { useUnreadCount } from '#src/features/notifications/hooks/useUnreadCount.ts';
import './notifications.css';

/** The most the badge spells out; more reads "99+". */
const BADGE_MAX = 99;

/** The header's bell: a link to `/notifications` with the unread count (kept for offline). */
export function NotificationBell({ userId }: { userId: string }) {
  const unread = useUnreadCount(userId) ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Link to="/notifications" className="notification-bell" aria-label={label} title={label}>
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1l-2-2Z"
        />
      </svg>
      {unread > 0 ? (
        <span className="notification-badge" data-testid="notification-badge">
          {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
        </span>
      ) : null}
    </Link>
  );
}
