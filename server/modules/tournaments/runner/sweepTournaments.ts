import type { GameId } from '#core/games/gameIds.ts';
import type { Queryable } from '#server/db/database.ts';
import { advanceTournament } from './advanceTournament.ts';
import { keepScheduled } from './builtInSchedule.ts';
import type { SweepContext } from './sweepContext.ts';

/** How many tournaments one sweep looks at, of each kind (live, due to start). */
const SWEEP_LIMIT = 50;

/**
 * The tournaments a sweep has work in: the live ones and the scheduled ones whose start has
 * passed, each a range of tournaments_status_starts read in order and stopped.
 */
export async function dueTournamentIds(db: Queryable, now: Date): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id::text as id from (
       (select id from tournaments where status = 'live' order by starts_at, id limit $2)
       union all
       (select id from tournaments where status = 'scheduled' and starts_at <= $1
         order by starts_at, id limit $2)) due`,
    [now, SWEEP_LIMIT],
  );
  return rows.map((row) => row.id);
}

/** How often a process looks at the built-in schedule. */
const SCHEDULE_EVERY_MS = 60_000;

/** What the tournaments' part of the sweep is told at start-up. */
export interface TournamentSweepOptions {
  /** A tournament that failed to advance, or the schedule that failed (id null): for the log. */
  onError: (error: unknown, tournamentId: string | null) => void;
  /** TOURNAMENT_SCHEDULE: keep the built-in schedule's tournament of each of `games` coming. */
  schedule: boolean;
  games: readonly GameId[];
}

/**
 * The tournaments' part of the match runner's sweep: the built-in schedule kept (at most once a
 * minute), then each due tournament advanced in a transaction of its own, so one that fails holds
 * up neither the others nor the casual matches. Returns the games created, for the runner to play.
 */
export function tournamentSweep(options: TournamentSweepOptions) {
  let scheduledAtMs = Number.NEGATIVE_INFINITY;
  return async (context: SweepContext): Promise<string[]> => {
    const nowMs = context.now.getTime();
    if (options.schedule && nowMs - scheduledAtMs >= SCHEDULE_EVERY_MS) {
      scheduledAtMs = nowMs;
      await keepScheduled(context.db, options.games, context.now).catch((error: unknown) =>
        options.onError(error, null),
      );
    }
    const created: string[] = [];
    for (const id of await dueTournamentIds(context.db, context.now)) {
      try {
        const step = await context.db.transaction((tx) => advanceTournament(tx, id, context));
        if (step.kind === 'playing') created.push(...step.created);
      } catch (error) {
        options.onError(error, id);
      }
    }
    return created;
  };
}
