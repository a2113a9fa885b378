import { type Bet, OWN_AGENT_PLAYS, type PlaceBetBody } from '../../../core/protocol/bets.ts';
import type { Database } from '../../db/database.ts';
import { BET_COLUMNS, toBet } from '../../db/stores/betRows.ts';
import { changeUserBalance, InsufficientBalanceError } from '../../db/stores/ledgerWriter.ts';
import { HttpError } from '../../plugins/errors.ts';
import { ownAgentPlays } from './ownAgentPlays.ts';

/** A placed bet, the balance after it, and whether this request created it. */
export interface PlacedBet {
  bet: Bet;
  balance: bigint;
  created: boolean;
}

/**
 * Places a bet in one transaction: the match row is share-locked (its first move waits for us,
 * and we for it), then the user's row; a bet with the same idempotency key answers as it is.
 * The stake leaves the balance through a ledger row; any failure changes nothing. An owner of an
 * agent seated in the match is refused (409): they could throw it.
 */
export async function placeBet(
  db: Database,
  userId: string,
  body: PlaceBetBody,
  now: Date,
): Promise<PlacedBet> {
  return db.transaction(async (tx) => {
    const { rows: matches } = await tx.query<{ status: string; moves: string }>(
      'select status, moves from matches where id = $1 for share',
      [body.matchId],
    );
    const { rows: users } = await tx.query<{ balance: string }>(
      'select balance::text as balance from users where id = $1 for update',
      [userId],
    );
    if (!users[0]) throw new HttpError(401, 'Not signed in');
    const { rows: existing } = await tx.query(
      `select ${BET_COLUMNS} from bets b where b.user_id = $1 and b.idempotency_key = $2`,
      [userId, body.idempotencyKey],
    );
    if (existing[0]) {
      return { bet: toBet(existing[0]), balance: BigInt(users[0].balance), created: false };
    }
    const match = matches[0];
    if (!match) throw new HttpError(404, 'This match does not exist.');
    if (match.status !== 'scheduled' || match.moves !== '') {
      throw new HttpError(409, 'Betting on this match is closed.');
    }
    // An owner could throw the match through their agent: their agent's matches take no bet of theirs.
    if (await ownAgentPlays(tx, userId, body.matchId)) throw new HttpError(409, OWN_AGENT_PLAYS);
    const { rows: inserted } = await tx.query(
      `insert into bets as b (user_id, match_id, side, amount, idempotency_key, placed_at)
       values ($1::uuid, $2, $3, $4::bigint, $5, $6) returning ${BET_COLUMNS}`,
      [userId, body.matchId, body.side, String(body.amount), body.idempotencyKey, now],
    );
    const bet = toBet(inserted[0]);
    try {
      const balance = await changeUserBalance(tx, userId, -BigInt(body.amount), {
        kind: 'bet',
        reason: `Bet on ${body.side}`,
        matchId: body.matchId,
        betId: bet.id,
        now,
      });
      return { bet, balance: balance ?? 0n, created: true };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new HttpError(400, 'Your balance is too low for this bet.');
      }
      throw error;
    }
  });
}
