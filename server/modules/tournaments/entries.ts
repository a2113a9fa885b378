import type { Database, Queryable } from '#server/db/database.ts';
import { changeUserBalance, InsufficientBalanceError } from '#server/db/stores/ledgerWriter.ts';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import { publishTournamentEvent } from '#server/events/tournamentChannel.ts';
import { HttpError } from '#server/plugins/errors.ts';
import { findTournament, type TournamentRow } from './tournamentStore.ts';

/** Who asks to enter or withdraw an agent, and when. */
export interface EntryRequest {
  tournamentId: string;
  agentId: string;
  userId: string;
  isAdmin: boolean;
  now: Date;
}

/**
 * Locks the tournament's row, the first lock of every entry, withdrawal and cancellation (as
 * bets and settlement lock the match before any user): they queue on it, so the entrant limit
 * and the fees held are read and changed by one at a time, and users are locked after it only.
 * The row and its entrants are read by a second statement: under READ COMMITTED a statement that
 * waited for the lock still sees the entrants as they were when it began (only the locked row is
 * re-read), which let 19 entrants into a field of 10 on PostgreSQL.
 */
export async function lockTournament(tx: Queryable, id: string): Promise<TournamentRow> {
  const { rows } = await tx.query('select id from tournaments where id = $1 for update', [id]);
  const tournament = rows[0] ? await findTournament(tx, id) : null;
  if (!tournament) throw new HttpError(404, 'This tournament does not exist.');
  return tournament;
}

/** Refuses unless the tournament takes changes to its field: scheduled and not yet started. */
function assertBeforeStart(tournament: TournamentRow, now: Date, what: 'Entry' | 'Withdrawing') {
  if (tournament.status === 'cancelled') throw new HttpError(409, 'This tournament was cancelled.');
  if (tournament.status !== 'scheduled' || now >= tournament.starts_at) {
    throw new HttpError(409, `${what} closed when the tournament started.`);
  }
}

interface AgentForEntry {
  kind: 'builtin' | 'custom' | 'bot';
  owner_id: string | null;
  retired: boolean;
  hidden: boolean;
  suspended: boolean;
  games: string[];
}

/**
 * Enters an agent, in one transaction: the owner of a custom agent or bot pays the entry fee from
 * their balance (a ledger row naming the tournament); an admin enters a built-in agent fee-free.
 * Every refusal is an HttpError thrown before anything is written, or one that rolls the entry
 * back (too low a balance). Returns the payer's balance after the fee (null for a built-in).
 */
export async function enterTournament(db: Database, request: EntryRequest) {
  return db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, request.tournamentId);
    assertBeforeStart(tournament, request.now, 'Entry');
    // Shared-locked so the owner cannot retire it (or an admin suspend it) under the entry.
    const { rows } = await tx.query<AgentForEntry>(
      `select a.kind, a.owner_id::text as owner_id, a.retired_at is not null as retired, a.hidden,
         coalesce(b.suspended_at is not null, false) as suspended, a.games
       from agents a left join bots b on b.agent_id = a.id where a.id = $1 for share of a`,
      [request.agentId],
    );
    const agent = rows[0];
    if (!agent) throw new HttpError(404, 'This agent does not exist.');
    const builtin = agent.kind === 'builtin';
    if (builtin && !request.isAdmin) {
      throw new HttpError(403, 'Only admins enter built-in agents.');
    }
    if (!builtin && agent.owner_id !== request.userId) {
      throw new HttpError(403, 'You can enter only your own agents.');
    }
    if (agent.retired) throw new HttpError(409, 'This agent is retired.');
    if (agent.suspended || agent.hidden) throw new HttpError(409, 'This agent is suspended.');
    if (!agent.games.includes(tournament.game)) {
      throw new HttpError(409, `This agent does not play ${tournament.game}.`);
    }
    const { rows: entered } = await tx.query(
      'select 1 from tournament_entrants where tournament_id = $1 and agent_id = $2',
      [tournament.id, request.agentId],
    );
    if (entered[0]) throw new HttpError(409, 'This agent is already entered.');
    if (tournament.entrants >= tournament.entrant_limit) {
      throw new HttpError(409, 'This tournament is full.');
    }

    const fee = builtin ? 0n : tournament.entry_fee;
    await tx.query(
      `insert into tournament_entrants (tournament_id, agent_id, entered_by, fee_paid, entered_at)
       values ($1, $2, $3::uuid, $4::bigint, $5)`,
      [
        tournament.id,
        request.agentId,
        builtin ? null : request.userId,
        fee.toString(),
        request.now,
      ],
    );
    await publishTournamentEvent(tx, { tournamentId: tournament.id, kind: 'entrants' });
    await recordNotificationEvents(
      tx,
      [
        {
          kind: 'tournament-entry',
          subjectId: request.agentId,
          // No actor where no user entered it (a built-in agent entered by the schedule).
          actorId: request.userId || null,
          payload: { tournamentId: tournament.id },
        },
      ],
      request.now,
    );
    if (builtin) return { balance: null };
    try {
      const balance = await changeUserBalance(tx, request.userId, -fee, {
        kind: 'entry_fee',
        reason: 'Tournament entry fee',
        agentId: request.agentId,
        tournamentId: tournament.id,
        now: request.now,
      });
      if (balance === null) throw new HttpError(401, 'Not signed in');
      return { balance };
    } catch (error) {
      if (error instanceof InsufficientBalanceError) {
        throw new HttpError(400, 'Your balance is too low for the entry fee.');
      }
      throw error;
    }
  });
}

/**
 * Withdraws an entrant before the start and refunds its fee to whoever paid it, in one
 * transaction. The user who entered it may, and an admin may withdraw anyone's.
 */
export async function withdrawFromTournament(db: Database, request: EntryRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const tournament = await lockTournament(tx, request.tournamentId);
    const { rows } = await tx.query<{ entered_by: string | null; fee_paid: string }>(
      `select entered_by::text as entered_by, fee_paid::text as fee_paid from tournament_entrants
       where tournament_id = $1 and agent_id = $2`,
      [tournament.id, request.agentId],
    );
    const entrant = rows[0];
    if (!entrant) throw new HttpError(404, 'This agent is not entered in this tournament.');
    if (!request.isAdmin && entrant.entered_by !== request.userId) {
      throw new HttpError(403, 'You can withdraw only agents you entered.');
    }
    assertBeforeStart(tournament, request.now, 'Withdrawing');
    await tx.query('delete from tournament_entrants where tournament_id = $1 and agent_id = $2', [
      tournament.id,
      request.agentId,
    ]);
    await publishTournamentEvent(tx, { tournamentId: tournament.id, kind: 'entrants' });
    const fee = BigInt(entrant.fee_paid);
    if (entrant.entered_by === null || fee === 0n) return;
    await changeUserBalance(tx, entrant.entered_by, fee, {
      kind: 'entry_refund',
      reason: 'Entry fee refunded: withdrawn',
      agentId: request.agentId,
      tournamentId: tournament.id,
      actorId:
        request.isAdmin && entrant.entered_by !== request.userId ? request.userId || null : null,
      now: request.now,
    });
  });
}
