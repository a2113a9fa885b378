import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Database } from '#server/db/database.ts';
import { placeBet } from '#server/modules/bets/placeBet.ts';

const run = promisify(execFile);

/** Bets per second and answer times of bets placed straight against a database. */
export interface FloorFigures {
  betsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ??
  Number.NaN;

/**
 * The floor beside the rush: the same users place one bet each on `matchId` at once through
 * placeBet itself (the statement the route runs) on `db`, with no HTTP, no session and no rate
 * limiter; the database's pool bounds the concurrency as it does the server's.
 */
export async function placeFloorBets(
  db: Database,
  userIds: readonly string[],
  matchId: string,
): Promise<FloorFigures> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    userIds.map(async (userId, index) => {
      const sent = performance.now();
      await placeBet(
        db,
        userId,
        { matchId, side: 'draw', amount: 1, idempotencyKey: `floor-${index}-${Date.now()}` },
        new Date(),
      );
      latencies.push(performance.now() - sent);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    betsPerSecond: userIds.length / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}

/**
 * pgbench's figure for the same transaction shape (key-share the match, insert the bet, debit the
 * user, append the ledger row) by 10 clients for `seconds`, on users numbered in a scratch table;
 * null when pgbench is not installed. Every bet it places is a real, balanced one on `matchId`.
 */
export async function pgbenchFloor(
  db: Database,
  url: string,
  matchId: string,
  userIds: readonly string[],
  dir: string,
  seconds = 5,
): Promise<string | null> {
  const found = await run('pgbench', ['--version']).catch(() => null);
  if (!found) return null;
  await db.query('create table if not exists rush_floor_users (n int primary key, id uuid)');
  await db.query('truncate rush_floor_users');
  await db.query(
    'insert into rush_floor_users select n, id::uuid from unnest($1::text[]) with ordinality as u (id, n)',
    [userIds],
  );
  const script = join(dir, 'rush-floor.sql');
  await writeFile(
    script,
    `\\set n random(1, ${userIds.length})
with usr as (select id from rush_floor_users where n = :n),
open_match as (select m.id from matches m where m.id = '${matchId}' and m.status = 'scheduled'
  and m.moves = '' for key share of m),
placed as (insert into bets (user_id, match_id, side, amount, idempotency_key, placed_at)
  select usr.id, open_match.id, 'draw', 1, md5(random()::text), now() from usr, open_match
  returning id, user_id, match_id),
debited as (update users u set balance = u.balance - 1 from placed where u.id = placed.user_id
  returning u.balance),
entry as (insert into ledger_entries (account, user_id, amount, kind, reason, match_id, bet_id, created_at)
  select 'user', placed.user_id, -1, 'bet', 'Bet on draw', placed.match_id, placed.id, now() from placed)
select count(*) from placed, debited;
`,
  );
  // libpq reads no '+' as a space in a URL's options: they go through PGOPTIONS instead.
  const target = new URL(url);
  const options = target.searchParams.get('options') ?? '';
  target.searchParams.delete('options');
  const args = ['-n', '-c', '10', '-j', '2', '-T', String(seconds), '-f', script];
  const { stdout } = await run('pgbench', [...args, target.toString()], {
    env: { ...process.env, PGOPTIONS: options },
  });
  await db.query('drop table rush_floor_users');
  const tps = /tps = ([\d.]+)/.exec(stdout)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
  return `pgbench, 10 clients, ${seconds} s: ${Number(tps).toFixed(0)} bets/s, average ${latency} ms`;
}
