import type { CookieSerializeOptions } from '@fastify/cookie';
import { SESSION_ABSOLUTE_TTL_MS } from './sessionStore.ts';

/** Name and attributes of the session cookie for an app served at appOrigin. */
export function sessionCookie(appOrigin: string): {
  name: string;
  options: CookieSerializeOptions;
} {
  const secure = appOrigin.startsWith('https:');
  return {
    // __Host- makes the browser refuse the cookie unless Secure, host-only and Path=/.
    name: secure ? '__Host-gridmind_session' : 'gridmind_session',
    options: {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: SESSION_ABSOLUTE_TTL_MS / 1000,
    },
  };
}
