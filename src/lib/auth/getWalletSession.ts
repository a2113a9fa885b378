import { GridmindError } from '../../../core/errors.ts';
import { type WalletSession, walletSessionSchema } from '../../../core/protocol/auth.ts';
import { AUTH_ERRORS } from '../../../core/protocol/authErrors.ts';

/**
 * `GET /auth/session`: the signed-in wallet, or null. A reply without a string address and a
 * numeric chainId counts as no session (SPEC section 5); the console says which part was missing
 * with the texts of SPEC section 8.
 */
export async function getWalletSession(): Promise<WalletSession | null> {
  const response = await fetch('/auth/session', { credentials: 'include', cache: 'no-store' });
  if (response.status === 401) return null;
  if (!response.ok) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
  const parsed = walletSessionSchema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return parsed.data;
  console.warn(sessionProblem(parsed.error.issues[0]?.path[0]));
  return null;
}

/** The SPEC section 8 text for a session reply whose first bad field is `field`. */
function sessionProblem(field: PropertyKey | undefined): string {
  if (field === 'address') return AUTH_ERRORS.sessionMissingAddress;
  if (field === 'chainId') return AUTH_ERRORS.sessionMissingChainId;
  return AUTH_ERRORS.sessionUndefined;
}
