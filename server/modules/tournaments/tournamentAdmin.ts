import type { CreateTournamentBody } from '#core/protocol/tournaments.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { changeUserBalance } from '#server/db/stores/ledgerWriter.ts';
import { publishTournamentEvent } from '#server/events/tournamentChannel.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { lockTournament } from './entries.ts';

/** Creates a scheduled tournament starting after `now`; returns its id. */
export async function createTournament(
  db: Database,
  body: CreateTournamentBody,
  createdBy: string | null,
  now: Date,
): Promise<string> {
  const startsAt = new Date(body.startsAt);
  if (startsAt <= now) throw new HttpError(400, 'The start must be in the future.');
  const { rows } = await db.query<{ id: string }>(
    `insert into tournaments (game, format, rounds, starts_at, entry_fee, house_prize,
       entrant_limit, think_time_ms, prize_shares, created_by, created_at, updated_at)
     values ($1, $2, $3, $4, $5::bigint, $6::bigint, $7, $8, $9::integer[], $10::uuid, $11, $11)
     returning id::text as id`,
    [
      body.game,
      body.format,
      body.format === 'swiss' ? body.rounds : null,
      startsAt,
      String(body.entryFee),
      String(body.housePrize),
      body.entrantLimit,
      body.thinkTimeMs,
      body.prizeTable,
      createdBy,
      now,
    ],
  );
  const id = rows[0]?.id;
  if (!id) throw new Error('A tournament insert returned no id.');
  return id;
}

/**
 * Cancels a scheduled or live tournament and refunds every fee paid to whoever paid it, in one
 * transaction: the tournament's row first, then the payers' rows in id order (the order
 * settlement locks users in), so a cancel racing entries, withdrawals or bets never deadlocks.
 * Returns how many fees were refunded.
 */
export async function cancelTournament(
  db: Database,
  id: string,
  actorId: string | null,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, id);
    if (tournament.status === 'cancelled') {
      throw new HttpError(409, 'This tournament is already cancelled.');
    }
    if (tournament.status === 'finished') {
      throw new HttpError(409, 'A finished tournament cannot be cancelled.');
    }
    return refundAndCancel(tx, id, actorId, now);
  });
}

/**
 * Refunds every fee of a tournament whose row the caller's transaction has locked (scheduled or
 * live) and marks it cancelled: the admin's cancel, and the runner's for a field under two.
 * Returns how many fees were refunded.
 */
export async function refundAndCancel(
  tx: Queryable,
  id: string,
  actorId: string | null,
  now: Date,
): Promise<number> {
  const { rows: paid } = await tx.query<{ agent_id: string; entered_by: string; fee: string }>(
    `select agent_id, entered_by::text as entered_by, fee_paid::text as fee
     from tournament_entrants where tournament_id = $1 and fee_paid > 0 and entered_by is not null
     order by entered_by, agent_id`,
    [id],
  );
  const payers = [...new Set(paid.map((entrant) => entrant.entered_by))];
  if (payers.length > 0) {
    await tx.query('select id from users where id = any($1::uuid[]) order by id for update', [
      payers,
    ]);
  }
  for (const entrant of paid) {
    await changeUserBalance(tx, entrant.entered_by, BigInt(entrant.fee), {
      kind: 'entry_refund',
      reason: 'Entry fee refunded: tournament cancelled',
      agentId: entrant.agent_id,
      tournamentId: id,
      actorId,
      now,
    });
  }
  await tx.query(`update tournaments set status = 'cancelled', updated_at = $2 where id = $1`, [
    id,
    now,
  ]);
  await publishTournamentEvent(tx, { tournamentId: id, kind: 'cancelled' });
  return paid.length;
}
