import { z } from 'zod';

/**
 * One entry of Reown's `GET /v1/account/{address}/balance` answer (SPEC section 3, Token balance).
 * `chainId` is CAIP-2 (`eip155:1`), `address` CAIP-10 and absent for the native coin, `value` the
 * holding in the asked currency, `quantity` the amount as decimal text with its decimals as text.
 */
export const reownTokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string().min(1),
  chainId: z.string(),
  address: z.string().optional(),
  value: z.number().nonnegative().optional(),
  price: z.number().optional(),
  quantity: z.object({
    decimals: z.string().regex(/^\d+$/),
    numeric: z.string().regex(/^\d+(\.\d+)?$/),
  }),
  iconUrl: z.string().optional(),
});
export type ReownTokenBalance = z.infer<typeof reownTokenBalanceSchema>;

/**
 * The answer's envelope. Entries are checked one by one, so a malformed entry is ignored alone;
 * an answer without a `balances` list is ignored whole.
 */
export const reownBalanceResponseSchema = z.object({ balances: z.array(z.unknown()) });
