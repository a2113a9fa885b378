import type { GameId } from '#core/games/gameIds.ts';
import type { Database } from '#server/db/database.ts';

/**
 * The built-in schedule's tournament: a three-round Swiss of four built-in agents, entered
 * fee-free, that users may join with their own agents or bots until it starts ten minutes after
 * it is scheduled. At the default pace (moves 1.5 s apart, 30 s of bets before each game) it
 * lasts a few minutes, so a newcomer sees one coming or under way.
 */
const SCHEDULED = {
  rounds: 3,
  startsInMs: 10 * 60_000,
  entryFee: '10',
  housePrize: '100',
  entrantLimit: 8,
  thinkTimeMs: 300,
  prizeShares: [60, 30, 10],
  builtIns: 4,
} as const;

// Serialises the schedule across processes, so two never schedule a game's tournament twice.
const SCHEDULE_LOCK_KEY = 510_920;

/**
 * Schedules the built-in tournament of each of `games` that has none scheduled or live (the
 * admin's count too); returns the ids of those it made. One transaction under an advisory lock.
 */
export async function keepScheduled(
  db: Database,
  games: readonly GameId[],
  now: Date,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEDULE_LOCK_KEY]);
    const made: string[] = [];
    for (const game of games) {
      const { rows: coming } = await tx.query(
        // Each status a range of tournaments_game_status_starts, read until its first row.
        `select 1 from (
           (select id from tournaments where game = $1 and status = 'scheduled'
             order by starts_at limit 1)
           union all
           (select id from tournaments where game = $1 and status = 'live'
             order by starts_at limit 1)) coming`,
        [game],
      );
      if (coming.length > 0) continue;
      const { rows } = await tx.query<{ id: string }>(
        `insert into tournaments (game, format, rounds, starts_at, entry_fee, house_prize,
           entrant_limit, think_time_ms, prize_shares, created_at, updated_at)
         values ($1, 'swiss', $2, $3, $4::bigint, $5::bigint, $6, $7, $8::integer[], $9, $9)
         returning id::text as id`,
        [
          game,
          SCHEDULED.rounds,
          new Date(now.getTime() + SCHEDULED.startsInMs),
          SCHEDULED.entryFee,
          SCHEDULED.housePrize,
          SCHEDULED.entrantLimit,
          SCHEDULED.thinkTimeMs,
          SCHEDULED.prizeShares,
          now,
        ],
      );
      const id = rows[0]?.id;
      if (!id) throw new Error('A scheduled tournament insert returned no id.');
      await tx.query(
        `insert into tournament_entrants (tournament_id, agent_id, fee_paid, entered_at)
         select $1, a.id, 0, $3 from agents a
         where a.kind = 'builtin' and not a.hidden and a.retired_at is null and $2 = any(a.games)
         order by a.id limit $4`,
        [id, game, now, SCHEDULED.builtIns],
      );
      made.push(id);
    }
    return made;
  });
}
