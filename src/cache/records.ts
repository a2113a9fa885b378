import { z } from 'zod';

/** A native balance kept exact: the amount in the smallest unit (wei) with its decimals. */
export const nativeBalanceSchema = z.object({
  valueMinor: z.bigint().nonnegative(),
  decimals: z.number().int().min(0).max(36),
  symbol: z.string().min(1),
});
export type NativeBalance = z.infer<typeof nativeBalanceSchema>;

/** A name and avatar for an address: ENS on mainnet, or the wallet directory's identity. */
export const profileSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** A wallet from the wallet directory, as far as recent wallets need it (SPEC section 3). */
export const directoryWalletSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  image_id: z.string().optional(),
  image_url: z.string().optional(),
  rdns: z.string().nullable().optional(),
  mobile_link: z.string().nullable().optional(),
  desktop_link: z.string().nullable().optional(),
  webapp_link: z.string().nullable().optional(),
});
export type DirectoryWallet = z.infer<typeof directoryWalletSchema>;

/**
 * One token held on one chain, as the wallet panel lists it: the quantity as exact decimal text
 * ('1234.5'), and its value in US dollars when Reown's balance API priced it (null over RPC).
 */
const tokenBalanceSchema = z.object({
  /** The ERC-20 contract. */
  address: z.string().min(1),
  name: z.string(),
  symbol: z.string().min(1),
  /** Zero-decimal tokens are never kept (SPEC section 5). */
  decimals: z.number().int().min(1).max(36),
  quantity: z.string().regex(/^\d+(\.\d+)?$/),
  usdValue: z.number().nonnegative().nullable(),
  iconUrl: z.string().nullable(),
});
export type TokenBalance = z.infer<typeof tokenBalanceSchema>;

/** A chain's token list for one address; empty means the account holds none of them. */
export const tokenBalancesSchema = z.array(tokenBalanceSchema);
