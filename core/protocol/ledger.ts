import * as z from 'zod/mini';
import { pointsSchema } from './points.ts';

/** Why a balance changed. */
const ledgerKindSchema = z.enum([
  'welcome',
  'admin_grant',
  'admin_deduct',
  'bet',
  'payout',
  'refund',
  'commission',
  'dust',
  'entry_fee',
  'entry_refund',
  'prize',
  'house_prize',
]);

/** One row of the append-only ledger; `amount` is signed whole points. */
export const ledgerEntrySchema = z.object({
  id: z.string(),
  account: z.enum(['user', 'house']),
  amount: z.int().check(z.minimum(-Number.MAX_SAFE_INTEGER), z.maximum(Number.MAX_SAFE_INTEGER)),
  kind: ledgerKindSchema,
  reason: z.string(),
  matchId: z.nullable(z.string()),
  betId: z.nullable(z.string()),
  agentId: z.nullable(z.string()),
  createdAt: z.iso.datetime({ offset: true }),
});

/**
 * Body of `GET /api/admin/ledger`: what was ever granted, and where it is now. `agrees` holds
 * when balances + open stakes + held entry fees + house = granted and every balance equals its
 * ledger rows.
 */
export const ledgerHealthSchema = z.object({
  granted: z.int(),
  balances: pointsSchema,
  openStakes: pointsSchema,
  /** Entry fees paid to tournaments still scheduled or live (refunded or paid out later). */
  heldEntryFees: pointsSchema,
  /** Commissions and dust earned, less the tournament prizes the house paid: may go below 0. */
  house: z.int(),
  agrees: z.boolean(),
  /** Users whose balance differs from the sum of their ledger rows (0 when healthy). */
  mismatchedUsers: z.int().check(z.nonnegative()),
});

/** @see ledgerEntrySchema */
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
/** @see ledgerHealthSchema */
export type LedgerHealth = z.infer<typeof ledgerHealthSchema>;
