import { type VerifyRequest, verifyResponseSchema } from '#core/protocol/auth.ts';
import { AUTH_ERRORS } from '#core/protocol/authErrors.ts';

/**
 * `POST /auth/verify`. True only when the server answers `success: true`; any other outcome is
 * logged and false, with no message for the user (SPEC section 8).
 */
export async function verifySignIn(body: VerifyRequest): Promise<boolean> {
  try {
    const response = await fetch('/auth/verify', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) {
      console.error(AUTH_ERRORS.errorVerifyingSignature, response.status);
      return false;
    }
    const parsed = verifyResponseSchema.safeParse(await response.json());
    return parsed.success && parsed.data.success === true;
  } catch (error) {
    console.error(AUTH_ERRORS.errorVerifyingSignature, error);
    return false;
  }
}
