import { z } from 'zod';
import type { BetSide } from '#core/betting/parimutuel.ts';
import { settlePool } from '#core/betting/settlePool.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { changeUserBalance, creditHouse } from '#server/db/stores/ledgerWriter.ts';
import {
  type NewNotificationEvent,
  recordNotificationEvents,
} from '#server/db/stores/notificationEvents.ts';

/** What one settlement did, for logs and tests. */
export interface SettlementSummary {
  matchId: string;
  outcome: 'paid' | 'refunded';
  pool: bigint;
  commission: bigint;
  dust: bigint;
  bets: number;
}

const stakeRowsSchema = z.array(
  z.object({
    id: z.string(),
    user_id: z.string(),
    side: z.enum(['first', 'second', 'draw']),
    amount: z.string().regex(/^[0-9]+$/),
  }),
);

type StakeRow = z.infer<typeof stakeRowsSchema>[number];

/**
 * Settles a finished or cancelled match inside the caller's transaction (the one that ends the
 * match, so a crash before commit settles nothing and a restart settles again from scratch).
 * The match row lock and the `match_settlements` primary key make it happen exactly once: a
 * second call returns null. Users are locked in id order so concurrent settlements never deadlock.
 */
export async function settleMatch(
  tx: Queryable,
  matchId: string,
  commissionPct: number,
  now: Date,
): Promise<SettlementSummary | null> {
  // The match, whether it is settled, and its open stakes, in one statement: most matches end
  // without a bet, and a match's end is most of what a bots' match costs beside its moves.
  const { rows: matches } = await tx.query<{
    status: string;
    result: BetSide | null;
    first_owner: string | null;
    second_owner: string | null;
    first_agent_id: string;
    second_agent_id: string;
    settled: boolean;
    stakes: StakeRow[] | string;
  }>(
    `select m.status, m.result, m.first_agent_id, m.second_agent_id,
       a1.owner_id::text as first_owner, a2.owner_id::text as second_owner,
       exists (select 1 from match_settlements s where s.match_id = m.id) as settled,
       coalesce((select json_agg(json_build_object('id', b.id::text, 'user_id', b.user_id::text,
           'side', b.side, 'amount', b.amount::text) order by b.placed_at, b.id)
         from bets b where b.match_id = m.id and b.status = 'open'), '[]') as stakes
     from matches m join agents a1 on a1.id = m.first_agent_id
       join agents a2 on a2.id = m.second_agent_id
     where m.id = $1 for update of m`,
    [matchId],
  );
  const match = matches[0];
  if (!match || (match.status !== 'finished' && match.status !== 'cancelled')) return null;
  if (match.settled) return null;
  const stakes = stakeRowsSchema.parse(
    typeof match.stakes === 'string' ? JSON.parse(match.stakes) : match.stakes,
  );
  const winner = match.status === 'finished' ? match.result : null;
  const settled = settlePool(
    stakes.map((stake) => ({ betId: stake.id, side: stake.side, amount: BigInt(stake.amount) })),
    winner,
    commissionPct,
  );
  const shares = [
    { owner: match.first_owner, agentId: match.first_agent_id, amount: settled.commission.first },
    {
      owner: match.second_owner,
      agentId: match.second_agent_id,
      amount: settled.commission.second,
    },
  ];
  // Only the users paid something are locked (a match without bets, most bots' matches, locks
  // none): a lost stake or a zero commission changes no balance.
  const paid = [
    ...stakes.filter((stake) => (settled.payouts.get(stake.id) ?? 0n) > 0n).map((s) => s.user_id),
    ...shares.flatMap((share) => (share.owner && share.amount > 0n ? [share.owner] : [])),
  ];
  const userIds = [...new Set(paid)].sort();
  if (userIds.length > 0) {
    await tx.query('select id from users where id = any($1::uuid[]) order by id for update', [
      userIds,
    ]);
  }

  const refs = { matchId, now };
  for (const stake of stakes) {
    const payout = settled.payouts.get(stake.id) ?? 0n;
    const status = settled.outcome === 'refunded' ? 'refunded' : payout > 0n ? 'won' : 'lost';
    await tx.query(
      `update bets set status = $2, payout = $3::bigint, settled_at = $4 where id = $1`,
      [stake.id, status, payout.toString(), now],
    );
    if (payout === 0n) continue;
    await changeUserBalance(tx, stake.user_id, payout, {
      ...refs,
      kind: status === 'refunded' ? 'refund' : 'payout',
      reason: status === 'refunded' ? 'Stake refunded' : 'Bet won',
      betId: stake.id,
    });
  }
  for (const share of shares) {
    const commission = { ...refs, kind: 'commission' as const, reason: 'Betting commission' };
    if (share.amount === 0n) continue;
    if (share.owner) {
      await changeUserBalance(tx, share.owner, share.amount, {
        ...commission,
        agentId: share.agentId,
      });
    } else {
      await creditHouse(tx, share.amount, { ...commission, agentId: share.agentId });
    }
  }
  await creditHouse(tx, settled.dust, { ...refs, kind: 'dust', reason: 'Rounding remainder' });

  // The bettors and the owners paid a commission hear of it; a match without bets (most bots'
  // matches) records nothing and costs no statement.
  const told: NewNotificationEvent[] = [
    ...(stakes.length > 0 ? [{ kind: 'bet-settled' as const, subjectId: matchId }] : []),
    ...shares.flatMap((share) =>
      share.owner && share.amount > 0n
        ? [
            {
              kind: 'commission' as const,
              subjectId: share.agentId,
              payload: { ownerId: share.owner, matchId, amount: share.amount.toString() },
            },
          ]
        : [],
    ),
  ];
  await recordNotificationEvents(tx, told, now);

  const commission = settled.commission.first + settled.commission.second;
  const pool = settled.pools.first + settled.pools.second + settled.pools.draw;
  await tx.query(
    `insert into match_settlements (match_id, outcome, pool, commission, dust, settled_at)
     values ($1, $2, $3::bigint, $4::bigint, $5::bigint, $6)`,
    [
      matchId,
      settled.outcome,
      pool.toString(),
      commission.toString(),
      settled.dust.toString(),
      now,
    ],
  );
  return {
    matchId,
    outcome: settled.outcome,
    pool,
    commission,
    dust: settled.dust,
    bets: stakes.length,
  };
}

/**
 * Settles every ended match that has no settlement yet, each in its own transaction: the
 * start-up safety net for matches that ended before settlement was wired into their ending.
 */
export async function settleUnsettledMatches(
  db: Database,
  commissionPct: number,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `select m.id from matches m where m.status in ('finished', 'cancelled')
       and not exists (select 1 from match_settlements s where s.match_id = m.id)
       and exists (select 1 from bets b where b.match_id = m.id and b.status = 'open')`,
  );
  let settled = 0;
  for (const { id } of rows) {
    if (await db.transaction((tx) => settleMatch(tx, id, commissionPct, now))) settled++;
  }
  return settled;
}
