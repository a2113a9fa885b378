import { z } from 'zod';
import { type LedgerEntry, ledgerEntrySchema } from '#core/protocol/ledger.ts';
import type { Queryable } from '#server/db/database.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

const ledgerRowSchema = z.object({
  id: z.coerce.string(),
  account: z.enum(['user', 'house']),
  amount: z.coerce.number(),
  kind: z.string(),
  reason: z.string(),
  match_id: z.string().nullable(),
  bet_id: z.string().nullable(),
  agent_id: z.string().nullable(),
  created_at: timestamp,
});

/** A user's own ledger rows, newest first. */
export async function listUserLedger(
  db: Queryable,
  userId: string,
  limit: number,
): Promise<LedgerEntry[]> {
  const { rows } = await db.query(
    `select id::text as id, account, amount::text as amount, kind, reason, match_id,
       bet_id::text as bet_id, agent_id, created_at
     from ledger_entries where user_id = $1 order by id desc limit $2`,
    [userId, limit],
  );
  return rows.map((raw) => {
    const row = ledgerRowSchema.parse(raw);
    return ledgerEntrySchema.parse({
      id: row.id,
      account: row.account,
      amount: row.amount,
      kind: row.kind,
      reason: row.reason,
      matchId: row.match_id,
      betId: row.bet_id,
      agentId: row.agent_id,
      createdAt: row.created_at.toISOString(),
    });
  });
}
