/** Cache lifetimes from SPEC section 9: a record older than its lifetime reads as nothing. */
export const CACHE_LIFETIMES_MS = {
  balances: 30_000,
  nativeBalances: 30_000,
  ens: 300_000,
  identities: 300_000,
} as const;

/** At most this many recent wallets are remembered (SPEC section 9). */
export const RECENT_WALLETS_LIMIT = 2;

/** Saved queries older than a day are dropped on restore; the offline queries live as long in memory. */
export const PERSISTED_QUERIES_MAX_AGE_MS = 24 * 60 * 60 * 1000;
