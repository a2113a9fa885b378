import * as z from 'zod/mini';

/** A native balance kept exact: the amount in the smallest unit (wei) with its decimals. */
export const nativeBalanceSchema = z.object({
  valueMinor: z.bigint().check(z.minimum(BigInt(0))),
  decimals: z.int().check(z.minimum(0), z.maximum(36)),
  symbol: z.string().check(z.minLength(1)),
});
export type NativeBalance = z.infer<typeof nativeBalanceSchema>;

/** A name and avatar for an address: ENS on mainnet, or the wallet directory's identity. */
export const profileSchema = z.object({
  name: z.nullable(z.string()),
  avatar: z.nullable(z.string()),
});
export type Profile = z.infer<typeof profileSchema>;

/** A wallet from the wallet directory, as far as recent wallets need it (SPEC section 3). */
export const directoryWalletSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  image_id: z.optional(z.string()),
  image_url: z.optional(z.string()),
  rdns: z.optional(z.nullable(z.string())),
  mobile_link: z.optional(z.nullable(z.string())),
  desktop_link: z.optional(z.nullable(z.string())),
  webapp_link: z.optional(z.nullable(z.string())),
});
export type DirectoryWallet = z.infer<typeof directoryWalletSchema>;

/**
 * One token held on one chain, as the wallet panel lists it: the quantity as exact decimal text
 * ('1234.5'), and its value in US dollars when Reown's balance API priced it (null over RPC).
 */
const tokenBalanceSchema = z.object({
  /** The ERC-20 contract. */
  address: z.string().check(z.minLength(1)),
  name: z.string(),
  symbol: z.string().check(z.minLength(1)),
  /** Zero-decimal tokens are never kept (SPEC section 5). */
  decimals: z.int().check(z.minimum(1), z.maximum(36)),
  quantity: z.string().check(z.regex(/^\d+(\.\d+)?$/)),
  usdValue: z.nullable(z.number().check(z.nonnegative())),
  iconUrl: z.nullable(z.string()),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** A chain's token list for one address; empty means the account holds none of them. */
export const tokenBalancesSchema = z.array(tokenBalanceSchema);
