import type { Finisher } from '#core/tournaments/prizes.ts';
import { splitPrizes } from '#core/tournaments/prizes.ts';
import type { Queryable } from '#server/db/database.ts';
import { changeUserBalance, creditHouse } from '#server/db/stores/ledgerWriter.ts';
import { publishTournamentEvent } from '#server/events/tournamentChannel.ts';

/** What one tournament's settlement paid, for logs and tests. */
export interface TournamentSettlement {
  tournamentId: string;
  pool: bigint;
  /** Agent id to prize, for every finisher paid (built-in agents' prizes went to the house). */
  prizes: Map<string, bigint>;
}

/**
 * Pays a live tournament's pool (the entrants' fees plus the house prize) by its prize table to
 * the owners of the top finishers, inside the caller's transaction — the one that ends the
 * tournament, so a crash before commit pays nothing and the restarted runner settles again. The
 * house pays its prize into the pool (a negative house row) and takes the shares of built-in
 * agents. Exactly once: the tournament's row is locked and must be live, and is marked finished
 * here; a second call (or one on a tournament not live) returns null and writes nothing. The
 * winners' owners are locked in id order after the tournament, as cancellation locks them.
 * `finishers` are the final standings (tournamentState's `standings`: id and place); each
 * entrant's place is written beside its entry for the agent's page.
 */
export async function settleTournament(
  tx: Queryable,
  tournamentId: string,
  finishers: readonly Finisher[],
  now: Date,
): Promise<TournamentSettlement | null> {
  const { rows: locked } = await tx.query<{
    status: string;
    house_prize: string;
    shares: number[];
  }>(
    `select status, house_prize::text as house_prize, prize_shares as shares from tournaments
     where id = $1 for update`,
    [tournamentId],
  );
  const tournament = locked[0];
  if (tournament?.status !== 'live') return null;
  // Read after the lock, in a statement of its own (see lockTournament in entries.ts).
  const { rows: entrants } = await tx.query<{
    agent_id: string;
    owner_id: string | null;
    fee: string;
  }>(
    `select e.agent_id, a.owner_id::text as owner_id, e.fee_paid::text as fee
     from tournament_entrants e join agents a on a.id = e.agent_id where e.tournament_id = $1`,
    [tournamentId],
  );
  const owners = new Map(entrants.map((entrant) => [entrant.agent_id, entrant.owner_id]));
  if (entrants.length > 0 && finishers.length === 0) {
    throw new Error(`Tournament ${tournamentId} has entrants: settling it needs its finishers`);
  }
  const unknown = finishers.find((finisher) => !owners.has(finisher.id));
  if (unknown) throw new Error(`${unknown.id} is not entered in tournament ${tournamentId}`);

  const housePrize = BigInt(tournament.house_prize);
  const pool = entrants.reduce((sum, entrant) => sum + BigInt(entrant.fee), housePrize);
  const prizes =
    finishers.length > 0
      ? splitPrizes(pool, tournament.shares, finishers)
      : new Map<string, bigint>();
  const paidOwners = [...prizes.keys()].map((agentId) => owners.get(agentId) ?? null);
  const userIds = [...new Set(paidOwners.filter((id) => id !== null))].sort();
  if (userIds.length > 0) {
    await tx.query('select id from users where id = any($1::uuid[]) order by id for update', [
      userIds,
    ]);
  }

  const refs = { tournamentId, now };
  // With nobody to pay, the house keeps its prize and the pool is its prize alone.
  if (prizes.size > 0) {
    await creditHouse(tx, -housePrize, { ...refs, kind: 'house_prize', reason: 'House prize' });
  }
  for (const [agentId, prize] of prizes) {
    const owner = owners.get(agentId) ?? null;
    const prizeRefs = { ...refs, agentId, kind: 'prize' as const, reason: 'Tournament prize' };
    if (owner) await changeUserBalance(tx, owner, prize, prizeRefs);
    else await creditHouse(tx, prize, prizeRefs);
  }
  if (finishers.length > 0) {
    await tx.query(
      `update tournament_entrants e set final_place = f.place
       from unnest($2::text[], $3::int[]) as f (agent_id, place)
       where e.tournament_id = $1 and e.agent_id = f.agent_id`,
      [tournamentId, finishers.map((f) => f.id), finishers.map((f) => f.place)],
    );
  }
  await tx.query(`update tournaments set status = 'finished', updated_at = $2 where id = $1`, [
    tournamentId,
    now,
  ]);
  await publishTournamentEvent(tx, { tournamentId, kind: 'finished' });
  return { tournamentId, pool, prizes };
}
