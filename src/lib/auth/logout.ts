import { forgetDevicePushOnSignOut } from '#src/lib/push/devicePushSubscription.ts';

/**
 * `GET /auth/logout`. Successful only when the reply body is exactly the text `{}` (SPEC section 5).
 * Every way of signing out comes here, so first, while the session still stands, this device's
 * push subscription leaves the user.
 */
export async function logout(): Promise<boolean> {
  await forgetDevicePushOnSignOut();
  try {
    const response = await fetch('/auth/logout', { credentials: 'include', cache: 'no-store' });
    return response.ok && (await response.text()) === '{}';
  } catch {
    return false;
  }
}
