import { z } from 'zod';

/** The two networks Gridmind signs in on: Ethereum mainnet and Arbitrum One (SPEC section 1). */
export const SUPPORTED_CHAIN_IDS = [1, 42161] as const;

/** Longest sign-in message we accept; a real EIP-4361 text is well under 1 KB. */
const MAX_SIWE_MESSAGE_LENGTH = 4096;

/** `POST /auth/verify` body. Signature: 0x and 62 or more hex digits (SPEC section 5). */
export const verifyRequestSchema = z.strictObject({
  message: z.string().min(1).max(MAX_SIWE_MESSAGE_LENGTH),
  signature: z
    .string()
    .max(4096)
    .regex(/^0x[0-9a-fA-F]{62,}$/, 'Invalid signature'),
});
export type VerifyRequest = z.infer<typeof verifyRequestSchema>;

/** `POST /auth/verify` reply: sign-in succeeded only when success is exactly true. */
export const verifyResponseSchema = z.object({ success: z.boolean() });

/** `GET /auth/session` reply. Valid only with a string address and a numeric chainId. */
export const walletSessionSchema = z.object({ address: z.string(), chainId: z.number() });
export type WalletSession = z.infer<typeof walletSessionSchema>;

/** `GET /api/me` reply: the signed-in user (SPEC section 3, session context). */
export const meSchema = z.object({
  userId: z.string(),
  address: z.string(),
  userInfo: z.object({
    nickname: z.string(),
    /** Whole platform points; exact in the database, safe as a JS number up to 2^53. */
    balance: z.number().int().nonnegative(),
    isAdmin: z.boolean(),
  }),
});
export type Me = z.infer<typeof meSchema>;
