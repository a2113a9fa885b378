import { type Bet, OWN_AGENT_PLAYS, type PlaceBetBody } from '#core/protocol/bets.ts';
import type { Queryable } from '#server/db/database.ts';
import { BET_COLUMNS, toBet } from '#server/db/stores/betRows.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { ownAgentPlays } from './ownAgentPlays.ts';

/** A placed bet, the balance after it, and whether this request created it. */
export interface PlacedBet {
  bet: Bet;
  balance: bigint;
  created: boolean;
}

/**
 * One statement, so one implicit transaction and one round trip: it key-share-locks the match
 * row only while the match still takes bets (no first move, no agent of the bettor seated), then
 * inserts the bet unless the idempotency key was seen, debits the user's row and appends the
 * ledger row. The key-share lock conflicts only with the runner's `for update` of the match (its
 * first move), not with other bets' locks nor the lease renewals; a first move that committed
 * while we waited makes PostgreSQL re-check the row, which then no longer matches, and a first
 * move after us waits until our bet has committed. A balance that would go negative breaks
 * `users_balance_check`, which rolls the whole statement back.
 */
const PLACE_BET_SQL = `
  with open_match as (
    select m.id from matches m
     where m.id = $2 and m.status = 'scheduled' and m.moves = ''
       and not exists (select 1 from agents a
                        where a.id in (m.first_agent_id, m.second_agent_id) and a.owner_id = $1)
       for key share of m
  ), placed as (
    insert into bets as b (user_id, match_id, side, amount, idempotency_key, placed_at)
    select $1, open_match.id, $3, $4, $5, $6 from open_match
    on conflict (match_id, user_id, idempotency_key) do nothing
    returning ${BET_COLUMNS}
  ), debited as (
    update users u set balance = u.balance - $4 from placed where u.id = $1
    returning u.balance::text as balance
  ), entry as (
    insert into ledger_entries (account, user_id, amount, kind, reason, match_id, bet_id, created_at)
    select 'user', $1, -$4::bigint, 'bet', $7, placed.match_id, placed.id::uuid, $6 from placed
  )
  select placed.*, debited.balance from placed, debited`;

/** The SQLSTATE and constraint of a database error, if it is one. */
const refusal = (error: unknown) => {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return `${String(code)} ${String(constraint)}`;
};

/**
 * Places a bet exactly once (see PLACE_BET_SQL): a bet with the same idempotency key answers as
 * it is; a refused bet changes nothing. An owner of an agent seated in the match is refused (409):
 * they could throw it. Only when nothing was placed does a second read find out why.
 */
export async function placeBet(
  db: Queryable,
  userId: string,
  body: PlaceBetBody,
  now: Date,
): Promise<PlacedBet> {
  let placed: { balance: string }[];
  try {
    ({ rows: placed } = await db.query<{ balance: string }>(PLACE_BET_SQL, [
      userId,
      body.matchId,
      body.side,
      String(body.amount),
      body.idempotencyKey,
      now,
      `Bet on ${body.side}`,
    ]));
  } catch (error) {
    // A negative balance breaks the check on `users.balance`; an unknown user, the bet's key.
    const refused = refusal(error);
    if (refused === '23514 users_balance_check') {
      throw new HttpError(400, 'Your balance is too low for this bet.');
    }
    if (refused === '23503 bets_user_id_fkey') throw new HttpError(401, 'Not signed in');
    throw error;
  }
  const row = placed[0];
  if (row) return { bet: toBet(row), balance: BigInt(row.balance), created: true };
  return whyNotPlaced(db, userId, body);
}

/**
 * After the statement placed nothing: the bet this key placed before (answered as it is), or the
 * refusal. Read after the statement, so a bet that raced ours under the same key is seen.
 */
async function whyNotPlaced(db: Queryable, userId: string, body: PlaceBetBody): Promise<PlacedBet> {
  const { rows: existing } = await db.query<{ balance: string }>(
    `select ${BET_COLUMNS}, u.balance::text as balance
       from users u
       left join bets b on b.match_id = $2 and b.user_id = u.id and b.idempotency_key = $3
      where u.id = $1`,
    [userId, body.matchId, body.idempotencyKey],
  );
  const user = existing[0];
  if (!user) throw new HttpError(401, 'Not signed in');
  if ((user as { id?: unknown }).id !== null) {
    return { bet: toBet(user), balance: BigInt(user.balance), created: false };
  }
  const { rows: matches } = await db.query<{ status: string; moves: string }>(
    'select status, moves from matches where id = $1',
    [body.matchId],
  );
  const match = matches[0];
  if (!match) throw new HttpError(404, 'This match does not exist.');
  if (match.status !== 'scheduled' || match.moves !== '') {
    throw new HttpError(409, 'Betting on this match is closed.');
  }
  // An owner could throw the match through their agent: their agent's matches take no bet of theirs.
  if (await ownAgentPlays(db, userId, body.matchId)) throw new HttpError(409, OWN_AGENT_PLAYS);
  throw new Error('A bet on an open match was neither placed nor refused.');
}
