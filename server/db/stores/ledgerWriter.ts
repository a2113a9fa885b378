import { GridmindError } from '#core/errors.ts';
import type { LedgerEntry } from '#core/protocol/ledger.ts';
import type { Queryable } from '#server/db/database.ts';

/** A change that would take a balance below zero; nothing was written. */
export class InsufficientBalanceError extends GridmindError {
  override readonly name = 'InsufficientBalanceError';
}

/** What a ledger row refers to besides its account. */
interface LedgerRefs {
  kind: LedgerEntry['kind'];
  reason: string;
  matchId?: string | null;
  betId?: string | null;
  agentId?: string | null;
  /** The tournament an entry fee was paid to or refunded from. */
  tournamentId?: string | null;
  /** The admin who made a manual change. */
  actorId?: string | null;
  now: Date;
}

/**
 * Locks the user's row, applies a signed change to the balance and appends its ledger row, all
 * inside the caller's transaction. Throws InsufficientBalanceError (changing nothing) when the
 * balance would go negative, and a 404-like null when the user does not exist.
 */
export async function changeUserBalance(
  tx: Queryable,
  userId: string,
  amount: bigint,
  refs: LedgerRefs,
): Promise<bigint | null> {
  const { rows } = await tx.query<{ balance: string }>(
    'select balance::text as balance from users where id = $1 for update',
    [userId],
  );
  if (!rows[0]) return null;
  const balance = BigInt(rows[0].balance) + amount;
  if (balance < 0n) throw new InsufficientBalanceError('The balance is too low for this.');
  if (amount === 0n) return balance;
  await tx.query('update users set balance = $2::bigint where id = $1', [
    userId,
    balance.toString(),
  ]);
  await insertEntry(tx, 'user', userId, amount, refs);
  return balance;
}

/** Credits the house (built-in agents' commission, rounding dust) inside the caller's transaction. */
export async function creditHouse(tx: Queryable, amount: bigint, refs: LedgerRefs): Promise<void> {
  if (amount === 0n) return;
  await insertEntry(tx, 'house', null, amount, refs);
}

async function insertEntry(
  tx: Queryable,
  account: 'user' | 'house',
  userId: string | null,
  amount: bigint,
  refs: LedgerRefs,
): Promise<void> {
  await tx.query(
    `insert into ledger_entries
       (account, user_id, amount, kind, reason, match_id, bet_id, agent_id, actor_id, created_at,
        tournament_id)
     values ($1, $2::uuid, $3::bigint, $4, $5, $6, $7::uuid, $8, $9::uuid, $10, $11::uuid)`,
    [
      account,
      userId,
      amount.toString(),
      refs.kind,
      refs.reason,
      refs.matchId ?? null,
      refs.betId ?? null,
      refs.agentId ?? null,
      refs.actorId ?? null,
      refs.now,
      refs.tournamentId ?? null,
    ],
  );
}
