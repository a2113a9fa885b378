// zod/mini: the signed-in user is read on every page load, where the first load stays small.
import * as z from 'zod/mini';
import { evmAddressSchema } from './evmAddress.ts';

/** The two networks Gridmind signs in on: Ethereum mainnet and Arbitrum One (SPEC section 1). */
export const SUPPORTED_CHAIN_IDS = [1, 42161] as const;

/** Longest sign-in message we accept; a real EIP-4361 text is well under 1 KB. */
const MAX_SIWE_MESSAGE_LENGTH = 4096;

/** `POST /auth/verify` body. Signature: 0x and 62 or more hex digits (SPEC section 5). */
export const verifyRequestSchema = z.strictObject({
  message: z.string().check(z.minLength(1), z.maxLength(MAX_SIWE_MESSAGE_LENGTH)),
  signature: z
    .string()
    .check(z.maxLength(4096), z.regex(/^0x[0-9a-fA-F]{62,}$/, 'Invalid signature')),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/** `POST /auth/verify` reply: sign-in succeeded only when success is exactly true. */
export const verifyResponseSchema = z.object({ success: z.boolean() });

/** `GET /auth/session` reply. Valid only with an EVM address and a numeric chainId. */
export const walletSessionSchema = z.object({ address: evmAddressSchema, chainId: z.number() });
export type WalletSession = z.infer<typeof walletSessionSchema>;

/** `GET /api/me` reply: the signed-in user (SPEC section 3, session context). */
export const meSchema = z.object({
  userId: z.string(),
  address: evmAddressSchema,
  userInfo: z.object({
    nickname: z.string(),
    /** Whole platform points; exact in the database, safe as a JS number up to 2^53. */
    balance: z.int().check(z.minimum(0)),
    isAdmin: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;

/**
 * Name of the sign-in hint cookie (`__Host-` prefixed on https): a script-readable flag, never a
 * credential, that lets the client skip asking the server about a session it does not have.
 */
export const SIGN_IN_HINT_COOKIE = 'gridmind_signed_in';
