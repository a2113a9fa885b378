import type { Queryable } from '#server/db/database.ts';

/** A caller's window after hits were added to it. */
export interface WindowCount {
  /** When the caller's current window began, on the clock of the process that began it. */
  windowStartMs: number;
  /** Hits counted in that window on every process, these included. */
  hits: number;
}

/**
 * Adds `hits` to each caller's window of `budget` in one statement, opening a new window for a
 * caller whose last began `windowMs` or more before `nowMs`; answers each caller's window after.
 * Callers must be distinct (one row may be changed once per statement).
 */
export async function addHits(
  db: Queryable,
  budget: string,
  windowMs: number,
  nowMs: number,
  adds: ReadonlyMap<string, number>,
): Promise<Map<string, WindowCount>> {
  const { rows } = await db.query<{ key: string; window_start_ms: string; hits: number }>(
    `insert into rate_limit_windows as w (budget, key, window_start_ms, hits)
     select $1, add.key, $2::bigint, add.hits from unnest($3::text[], $4::int[]) as add(key, hits)
     on conflict (budget, key) do update set
       window_start_ms = case when w.window_start_ms > excluded.window_start_ms - $5::bigint
         then w.window_start_ms else excluded.window_start_ms end,
       hits = case when w.window_start_ms > excluded.window_start_ms - $5::bigint
         then w.hits + excluded.hits else excluded.hits end
     returning w.key, w.window_start_ms, w.hits`,
    [budget, nowMs, [...adds.keys()], [...adds.values()], windowMs],
  );
  return new Map(
    rows.map((row) => [row.key, { windowStartMs: Number(row.window_start_ms), hits: row.hits }]),
  );
}

/**
 * Deletes up to `batch` windows of `budget` that began at or before `startedByMs` (callers gone
 * quiet); answers how many, so a caller repeats while a whole batch went. The age is checked
 * again on the row deleted, not only in the list of keys: a window another process began anew
 * meanwhile (its row reset in place) is a live count, and deleting it let a caller past its
 * budget (31 Telegram messages in a second where 30 may go).
 */
export async function pruneWindows(
  db: Queryable,
  budget: string,
  startedByMs: number,
  batch: number,
): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    `with pruned as (
       delete from rate_limit_windows where budget = $1 and window_start_ms <= $2::bigint
         and key in (
           select key from rate_limit_windows where budget = $1 and window_start_ms <= $2::bigint
           limit $3)
       returning 1)
     select count(*)::int as count from pruned`,
    [budget, startedByMs, batch],
  );
  return rows[0]?.count ?? 0;
}
