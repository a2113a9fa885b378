import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { NotificationsPage } from '#src/features/notifications/components/NotificationsPage.tsx';

/** The app composes features: the notifications page shows the sign-in button to a visitor. */
export function NotificationsRoute() {
  return <NotificationsPage signIn={<LoginButton />} />;
}
