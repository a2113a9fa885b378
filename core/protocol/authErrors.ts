/** The product sign-in error texts of SPEC section 8, shared by the client and the server. */
export const AUTH_ERRORS = {
  networkResponseNotOk: 'Network response was not ok',
  failedToVerifyMessage: 'Failed to verify message',
  missingMessageParams: 'Failed to get message params!',
  nonceUndefined: 'siweControllerClient:getNonce - nonce is undefined',
  messageUndefined: 'siweControllerClient:createMessage - message is undefined',
  sessionUndefined: 'siweControllerClient:getSession - session is undefined',
  errorVerifyingSignature: 'Error verifying SIWE signature',
  sessionMissingAddress: 'SIWE session is missing address',
  sessionMissingChainId: 'SIWE session is missing chainId',
  signMessageFailed: 'WagmiAdapter:signMessage - Sign message failed',
} as const;

/** Wallet error texts that count as the user saying no (SPEC section 8). */
const USER_REJECTION_PATTERNS = ['user rejected', 'connection request reset'] as const;

/** True when a wallet error means the user declined rather than something breaking. */
export function isUserRejection(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  const lower = text.toLowerCase();
  return USER_REJECTION_PATTERNS.some((pattern) => lower.includes(pattern));
}
