import type { Database } from '#server/db/database.ts';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';

/** One bet the rush sent and what the server answered. */
export interface SentBet {
  address: string;
  side: 'first' | 'second' | 'draw';
  amount: number;
  balanceBefore: number;
  status: number;
  betId: string | null;
}

/**
 * After a rush, read straight from the database: every accepted bet is stored exactly once, each
 * bettor's balance is what it was less the stake, the ledger balances, and the pools the API
 * showed equal the sum of the stored bets. Returns the failures (empty when all hold).
 */
export async function checkRush(
  db: Database,
  matchId: string,
  sent: readonly SentBet[],
  shownPools: Record<string, number>,
): Promise<string[]> {
  const failures: string[] = [];
  const { rows: bets } = await db.query<{ id: string; address: string; amount: string }>(
    // This rush's users' bets: a grown copy rushed again keeps the earlier rushes' bets on it.
    `select b.id::text as id, u.address, b.amount::text as amount
       from bets b join users u on u.id = b.user_id
       where b.match_id = $1 and u.address = any($2)`,
    [matchId, sent.map((bet) => bet.address)],
  );
  const accepted = sent.filter((bet) => bet.status === 201);
  const storedIds = new Set(bets.map((bet) => bet.id));
  if (bets.length !== accepted.length || storedIds.size !== bets.length)
    failures.push(`${bets.length} bets stored for ${accepted.length} accepted`);
  for (const bet of accepted) {
    if (!bet.betId || !storedIds.has(bet.betId)) failures.push(`bet ${bet.betId} not stored`);
  }
  const { rows: balances } = await db.query<{ address: string; balance: string }>(
    'select address, balance::text as balance from users where address = any($1)',
    [sent.map((bet) => bet.address)],
  );
  const balanceOf = new Map(balances.map((row) => [row.address, Number(row.balance)]));
  let wrongBalances = 0;
  for (const bet of sent) {
    const stake = bet.status === 201 ? bet.amount : 0;
    if (balanceOf.get(bet.address) !== bet.balanceBefore - stake) wrongBalances++;
  }
  if (wrongBalances > 0) failures.push(`${wrongBalances} balances are not start - stake`);
  const health = await ledgerHealth(db);
  if (!health.agrees) failures.push(`ledger not balanced: ${JSON.stringify(health)}`);
  const { rows: sums } = await db.query<{ side: string; total: string }>(
    'select side, sum(amount)::text as total from bets where match_id = $1 group by side',
    [matchId],
  );
  for (const side of ['first', 'second', 'draw']) {
    const stored = Number(sums.find((row) => row.side === side)?.total ?? 0);
    if (stored !== shownPools[side])
      failures.push(`pool ${side}: shown ${shownPools[side]}, bets sum to ${stored}`);
  }
  return failures;
}
