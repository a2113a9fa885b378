import { z } from 'zod';
import type { StrictSiweMessage } from '#server/modules/auth/siweMessage.ts';

const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((value) => value as `0x${string}`);

/** What the main thread asks a signature-check thread: read this sign-in text, check its signature. */
export const signatureCheckRequestSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  signature: hex,
});

const strictSiweMessageSchema: z.ZodType<StrictSiweMessage> = z.object({
  scheme: z.string().exactOptional(),
  domain: z.string(),
  address: hex,
  uri: z.string(),
  version: z.string(),
  chainId: z.number().int(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string().exactOptional(),
  notBefore: z.string().exactOptional(),
});

/**
 * A thread's answer: the message as parseSiweMessage read it (null when it is no strict EIP-4361
 * text), whether the address it names signed it, and the thread, so the pool can count checks
 * that ran off the main thread.
 */
export const signatureCheckResponseSchema = z.object({
  id: z.number().int(),
  message: strictSiweMessageSchema.nullable(),
  signedByEoa: z.boolean(),
  threadId: z.number().int(),
});
