import * as z from 'zod/mini';

/**
 * One entry of Reown's `GET /v1/account/{address}/balance` answer (SPEC section 3, Token balance).
 * `chainId` is CAIP-2 (`eip155:1`), `address` CAIP-10 and absent for the native coin, `value` the
 * holding in the asked currency, `quantity` the amount as decimal text with its decimals as text.
 */
export const reownTokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string().check(z.minLength(1)),
  chainId: z.string(),
  address: z.optional(z.string()),
  value: z.optional(z.number().check(z.nonnegative())),
  price: z.optional(z.number()),
  quantity: z.object({
    decimals: z.string().check(z.regex(/^\d+$/)),
    numeric: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
  }),
  iconUrl: z.optional(z.string()),
});
export type ReownTokenBalance = z.infer<typeof reownTokenBalanceSchema>;

/**
 * The answer's envelope. Entries are checked one by one, so a malformed entry is ignored alone;
 * an answer without a `balances` list is ignored whole.
 */
export const reownBalanceResponseSchema = z.object({ balances: z.array(z.unknown()) });
