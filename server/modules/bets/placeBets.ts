import type { PlaceBetBody } from '#core/protocol/bets.ts';
import { createBatcher } from '#server/db/batcher.ts';
import type { Queryable } from '#server/db/database.ts';
import { BET_COLUMNS, toBet } from '#server/db/stores/betRows.ts';
import { type PlacedBet, placeBet } from './placeBet.ts';

/** A bet as it waits for its batch. */
interface BetRequest {
  userId: string;
  body: PlaceBetBody;
}

/**
 * The most bets one statement places: a rush's thousand go in a few statements, and the first
 * bettor of a batch never waits behind a statement much longer than a few milliseconds.
 */
const MAX_BETS_PER_STATEMENT = 250;

/**
 * Places a batch of bets (each from a different user) in one statement, so one commit. Row by
 * row it does what PLACE_BET_SQL does for one bet: a key-share lock on each open match (no first
 * move, no agent of the bettor seated), the bet inserted unless its idempotency key was seen,
 * the bettor debited and the ledger row appended. A bettor whose balance is short is left out
 * rather than failing the batch: their row is locked (in id order, so two batches in two
 * processes cannot deadlock) and its latest balance checked under the lock. Rows left out
 * come back missing, and placeBet answers them one by one with the reason.
 */
const PLACE_BETS_SQL = `
  with input as materialized (
    select * from unnest($1::uuid[], $2::text[], $3::text[], $4::bigint[], $5::text[])
      with ordinality as i (user_id, match_id, side, amount, idempotency_key, n)
  ), open_match as materialized (
    select m.id, m.first_agent_id, m.second_agent_id from matches m
     where m.id in (select match_id from input) and m.status = 'scheduled' and m.moves = ''
       for key share of m
  ), payer as materialized (
    select u.id from users u join input i on i.user_id = u.id
     where u.balance >= i.amount
     order by u.id
       for no key update of u
  ), placed as (
    insert into bets as b (user_id, match_id, side, amount, idempotency_key, placed_at)
    select i.user_id, i.match_id, i.side, i.amount, i.idempotency_key, $6
      from input i join open_match m on m.id = i.match_id join payer p on p.id = i.user_id
     where not exists (select 1 from agents a
                        where a.id in (m.first_agent_id, m.second_agent_id) and a.owner_id = i.user_id)
     order by i.n
    on conflict (match_id, user_id, idempotency_key) do nothing
    returning ${BET_COLUMNS}, b.user_id::text as user_id
  ), debited as (
    update users u set balance = u.balance - p.amount::bigint
      from placed p where u.id = p.user_id::uuid
    returning u.id::text as user_id, u.balance::text as balance
  ), entry as (
    insert into ledger_entries (account, user_id, amount, kind, reason, match_id, bet_id, created_at)
    select 'user', p.user_id::uuid, -p.amount::bigint, 'bet', 'Bet on ' || p.side, p.match_id,
           p.id::uuid, $6
      from placed p
  )
  select placed.*, debited.balance from placed join debited using (user_id)`;

/** Places a batch (one bet per user); null where a bet was not placed by it. */
async function placeBatch(
  db: Queryable,
  requests: readonly BetRequest[],
  now: Date,
): Promise<(PlacedBet | null)[]> {
  const { rows } = await db.query<{ user_id: string; balance: string }>(PLACE_BETS_SQL, [
    requests.map((request) => request.userId),
    requests.map((request) => request.body.matchId),
    requests.map((request) => request.body.side),
    requests.map((request) => String(request.body.amount)),
    requests.map((request) => request.body.idempotencyKey),
    now,
  ]);
  const placed = new Map(rows.map((row) => [row.user_id, row]));
  return requests.map((request) => {
    const row = placed.get(request.userId);
    return row ? { bet: toBet(row), balance: BigInt(row.balance), created: true } : null;
  });
}

/** Places one bet: batched with the bets that arrive while the previous batch commits. */
export type BetPlacer = (userId: string, body: PlaceBetBody) => Promise<PlacedBet>;

/**
 * The process's bet placer: group commit over placeBatch, one batch committing at a time, each
 * user's bets in arrival order (never two in one batch). A bet the batch left out, or every bet
 * of a batch that failed, goes through placeBet on its own: the same guarantees, and its reason.
 */
export function createBetPlacer(
  db: Queryable,
  now: () => number,
  onBatchError: (error: unknown) => void,
): BetPlacer {
  const write = createBatcher<BetRequest, PlacedBet>({
    runBatch: (requests) => placeBatch(db, requests, new Date(now())),
    runOne: (request) => placeBet(db, request.userId, request.body, new Date(now())),
    keyOf: (request) => request.userId,
    maxBatch: MAX_BETS_PER_STATEMENT,
    onBatchError,
  });
  return (userId, body) => write({ userId, body });
}
