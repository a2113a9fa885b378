/**
 * The product sign-in error texts of SPEC section 8 that our code raises or logs. The wallet
 * error texts of that section ('user rejected' and 'connection request reset' as user rejection,
 * 'WagmiAdapter:signMessage - Sign message failed') are AppKit's own: its ErrorUtil and wagmi
 * adapter (1.8.24) match and raise them inside the modal, and no wallet call of ours sees them.
 */
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
} as const;
