import { SIGN_IN_HINT_COOKIE } from '#core/protocol/auth.ts';

const HINT_NAMES = new Set([SIGN_IN_HINT_COOKIE, `__Host-${SIGN_IN_HINT_COOKIE}`]);

/**
 * Whether a `document.cookie` string carries the sign-in hint the server sets at sign-in. Without
 * it there is no session to ask about; with it there may be (the server decides, and clears a
 * stale hint on the one 401 it costs).
 */
export function hasSignInHint(cookies: string): boolean {
  return cookies.split(';').some((pair) => HINT_NAMES.has(pair.slice(0, pair.indexOf('=')).trim()));
}

/**
 * Whether this page may be signed in, so asking the server about the user is worth a request.
 * Visitors skip those requests, which would only answer 401 (a console error in browsers).
 */
export function mayBeSignedIn(): boolean {
  // Pages rendered at build time (src/prerender) are a visitor's: there is no document there.
  return typeof document !== 'undefined' && hasSignInHint(document.cookie);
}
