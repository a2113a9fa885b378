import { impliedOdds, type Pools } from '#core/betting/parimutuel.ts';
import type { MatchPools } from '#core/protocol/pools.ts';
import type { Queryable } from '#server/db/database.ts';

/** Stakes per side of one match, the implied odds, and whether it still takes bets; null if unknown. */
export async function matchPools(
  db: Queryable,
  matchId: string,
  commissionPct: number,
): Promise<MatchPools | null> {
  const { rows: matches } = await db.query<{ status: string; moves: string }>(
    'select status, moves from matches where id = $1',
    [matchId],
  );
  const match = matches[0];
  if (!match) return null;
  const { rows } = await db.query<{ side: keyof Pools; total: string; count: number }>(
    `select side, sum(amount)::text as total, count(*)::int as count from bets
     where match_id = $1 group by side`,
    [matchId],
  );
  const pools: Pools = { first: 0n, second: 0n, draw: 0n };
  let bets = 0;
  for (const row of rows) {
    pools[row.side] = BigInt(row.total);
    bets += row.count;
  }
  return {
    matchId,
    open: match.status === 'scheduled' && match.moves === '',
    commissionPct,
    pools: { first: Number(pools.first), second: Number(pools.second), draw: Number(pools.draw) },
    odds: impliedOdds(pools, commissionPct),
    bets,
  };
}
