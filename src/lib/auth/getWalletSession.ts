import { GridmindError } from '#core/errors.ts';
import { type WalletSession, walletSessionSchema } from '#core/protocol/auth.ts';
import { AUTH_ERRORS } from '#core/protocol/authErrors.ts';

/**
 * `GET /auth/session`: the signed-in wallet, or null. The server answers `null` for a visitor:
 * that is the ordinary "no session", so it is returned quietly. Any other reply without a string
 * address and a numeric chainId counts as no session too (SPEC section 5), but is not what our
 * server sends, so the console says which part was missing with the texts of SPEC section 8.
 */
export async function getWalletSession(): Promise<WalletSession | null> {
  const response = await fetch('/auth/session', { credentials: 'include', cache: 'no-store' });
  if (response.status === 401) return null;
  if (!response.ok) throw new GridmindError(AUTH_ERRORS.networkResponseNotOk);
  const body: unknown = await response.json().catch(() => undefined);
  if (body === null) return null;
  const parsed = walletSessionSchema.safeParse(body);
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
