import { GridmindError } from '#core/errors.ts';
import { AUTH_ERRORS } from '#core/protocol/authErrors.ts';

/** `GET /auth/nonce`: a fresh single-use nonce bound to this browser's pre-sign-in session. */
export async function getNonce(): Promise<string> {
  const response = await fetch('/auth/nonce', { credentials: 'include', cache: 'no-store' });
  if (!response.ok) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
  const nonce = (await response.text()).trim();
  if (!nonce) throw new GridmindError(AUTH_ERRORS.nonceUndefined);
  return nonce;
}
