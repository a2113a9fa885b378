import type { CookieSerializeOptions } from '@fastify/cookie';
import { SIGN_IN_HINT_COOKIE } from '#core/protocol/auth.ts';
import { sessionCookie } from './sessionCookie.ts';

/**
 * Name and attributes of the sign-in hint cookie for an app served at appOrigin. It only tells
 * the client a session may exist, so visitors' pages skip requests that would answer 401; it
 * grants nothing, and the server never reads it as proof of anything.
 */
export function signInHintCookie(appOrigin: string): {
  name: string;
  options: CookieSerializeOptions;
} {
  const session = sessionCookie(appOrigin);
  const secure = session.options.secure ?? false;
  return {
    name: secure ? `__Host-${SIGN_IN_HINT_COOKIE}` : SIGN_IN_HINT_COOKIE,
    // Same lifetime and scope as the session, but readable by scripts: that is its purpose.
    options: { ...session.options, httpOnly: false },
  };
}
