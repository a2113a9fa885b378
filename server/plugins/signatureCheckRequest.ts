import { z } from 'zod';

const hex = z
  .string()
  .regex(/^0x[0-9a-fA-F]*$/)
  .transform((value) => value as `0x${string}`);

/** What the main thread asks a signature-check thread: did `address` sign `message`? */
export const signatureCheckRequestSchema = z.object({
  id: z.number().int(),
  address: hex,
  message: z.string(),
  signature: hex,
});

/** A thread's answer, with its id so the pool can count checks that ran off the main thread. */
export const signatureCheckResponseSchema = z.object({
  id: z.number().int(),
  valid: z.boolean(),
  threadId: z.number().int(),
});
