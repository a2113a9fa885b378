/**
 * `GET /auth/logout`. Successful only when the reply body is exactly the text `{}` (SPEC section 5).
 * Every way of signing out comes here, so first, while the session still stands, this device's
 * push subscription leaves the user.
 */
export async function logout(): Promise<boolean> {
  await forgetDevicePush();
  try {
    const response = await fetch('/auth/logout', { credentials: 'include', cache: 'no-store' });
    return response.ok && (await response.text()) === '{}';
  } catch {
    return false;
  }
}

/** Loaded only when someone signs out: the first load of `/` stays within its budget. */
async function forgetDevicePush(): Promise<void> {
  try {
    const { forgetDevicePushOnSignOut } = await import('#src/lib/push/devicePushSubscription.ts');
    await forgetDevicePushOnSignOut();
  } catch (error) {
    console.warn('This device could not drop its push subscription', error);
  }
}
