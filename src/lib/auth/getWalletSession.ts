import { GridmindError } from '../../../core/errors.ts';
import { type WalletSession, walletSessionSchema } from '../../../core/protocol/auth.ts';
import { AUTH_ERRORS } from '../../../core/protocol/authErrors.ts';

/**
 * `GET /auth/session`: the signed-in wallet, or null. A reply without a string address and a
 * numeric chainId counts as no session (SPEC section 5).
 */
export async function getWalletSession(): Promise<WalletSession | null> {
  const response = await fetch('/auth/session', { credentials: 'include', cache: 'no-store' });
  if (response.status === 401) return null;
  if (!response.ok) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
  const parsed = walletSessionSchema.safeParse(await response.json().catch(() => null));
  return parsed.success ? parsed.data : null;
}
