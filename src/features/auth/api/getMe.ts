import { GridmindError } from '#core/errors.ts';
import { type Me, meSchema } from '#core/protocol/auth.ts';
import { AUTH_ERRORS } from '#core/protocol/authErrors.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';

/** `GET /api/me`: the signed-in user, or null for a visitor (no sign-in hint, or 401). */
export async function getMe(): Promise<Me | null> {
  if (!mayBeSignedIn()) return null;
  const response = await fetch('/api/me', { credentials: 'include', cache: 'no-store' });
  if (response.status === 401) return null;
  if (!response.ok) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
  return meSchema.parse(await response.json());
}
