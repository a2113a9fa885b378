import type { Queryable } from '../../../db/database.ts';
import { advanceTournament } from './advanceTournament.ts';
import type { SweepContext } from './sweepContext.ts';

/** How many tournaments one sweep looks at, of each kind (live, due to start). */
const SWEEP_LIMIT = 50;

/**
 * The tournaments a sweep has work in: the live ones and the scheduled ones whose start has
 * passed, each a range of tournaments_status_starts read in order and stopped.
 */
export async function dueTournamentIds(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `(select id::text as id from tournaments where status = 'live'
       order by starts_at, id limit $2)
     union all
     (select id::text as id from tournaments where status = 'scheduled' and starts_at <= $1
       order by starts_at, id limit $2)`,
    [now, SWEEP_LIMIT],
  );
  return rows.map((row) => row.id);
}

/**
 * The tournaments' part of the match runner's sweep: each due tournament advanced in a
 * transaction of its own, so one that fails (its failure goes to `onError`) holds up neither the
 * others nor the casual matches. Returns the games created, for the runner to play.
 */
export function tournamentSweep(onError: (error: unknown, tournamentId: string) => void) {
  return async (context: SweepContext): Promise<string[]> => {
    const created: string[] = [];
    for (const id of await dueTournamentIds(context.db, context.now)) {
      try {
        const step = await context.db.transaction((tx) => advanceTournament(tx, id, context));
        if (step.kind === 'playing') created.push(...step.created);
      } catch (error) {
        onError(error, id);
      }
    }
    return created;
  };
}
