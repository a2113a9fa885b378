/**
 * What a bet writes to a grown database's WAL, with bets' ids random (as before migration 0960)
 * and time-ordered (as now). On BET_WAL_DATABASE_URL, a copy of a seeded database (`createdb -T
 * grown_template grown_wal`; the bench adds bets and a match to it), each round checkpoints, then
 * has BET_WAL_USERS (1,000) seeded users who have not bet here yet each place one bet at once
 * through the server's bet placer (its batches of 250), and prints the WAL written and the time.
 * After a checkpoint the first change of a page writes the whole page to the WAL, so this counts
 * the distinct pages the bets touch. Four rounds, the two kinds of id in the order A B B A.
 * `BET_WAL_DATABASE_URL=postgres://…/grown_wal npm run bench -- betWal`.
 */
import { randomUUID } from 'node:crypto';
import { figureNumber, figureRowReport } from '#scripts/figuresTable.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { createBetPlacer } from '#server/modules/bets/placeBets.ts';
import { envCount } from './support/workload.ts';

const ID_DEFAULTS = { random: 'gen_random_uuid()', 'time-ordered': 'uuid_v7()' } as const;
/** In the order A B B A: each round finds the indexes a little less full, so a trend cancels out. */
const ROUNDS: (keyof typeof ID_DEFAULTS)[] = ['random', 'time-ordered', 'time-ordered', 'random'];

export default async function betWalBench(): Promise<void> {
  const databaseUrl = process.env.BET_WAL_DATABASE_URL;
  if (!databaseUrl) {
    console.log('set BET_WAL_DATABASE_URL to a copy of grown_template to run it');
    return;
  }
  const users = envCount('BET_WAL_USERS', 1000);
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  const walMb: Record<keyof typeof ID_DEFAULTS, number[]> = { random: [], 'time-ordered': [] };
  try {
    await migrate(db);
    const place = createBetPlacer(db, Date.now, (error) => console.log(`batch failed: ${error}`));
    for (const [round, ids] of ROUNDS.entries()) {
      await db.query(`alter table bets alter column id set default ${ID_DEFAULTS[ids]}`);
      const matchId = `bet-wal-${randomUUID()}`;
      await db.query(
        `insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
                              second_rating, seed, started_at)
         select $1, game, 'scheduled', first_agent_id, second_agent_id, 1000, 1000, 1, now()
           from matches where status = 'finished' limit 1`,
        [matchId],
      );
      // Users spread over the whole table, in an order of their own, none of them used by an
      // earlier round (a user an earlier round left below 10 points only shifts the window on).
      const { rows: bettors } = await db.query<{ id: string }>(
        `select id::text as id from users where balance >= 10
          order by md5(id::text) offset $1 limit $2`,
        [round * users, users],
      );
      await db.query('checkpoint');
      const { rows: start } = await db.query<{ lsn: string }>(
        'select pg_current_wal_lsn()::text as lsn',
      );
      const started = performance.now();
      const placed = await Promise.all(
        bettors.map((bettor) =>
          place(bettor.id, {
            matchId,
            side: 'first',
            amount: 1,
            idempotencyKey: `bet-wal-${randomUUID()}`,
          }),
        ),
      );
      const ms = performance.now() - started;
      const { rows: wal } = await db.query<{ bytes: string }>(
        'select pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text as bytes',
        [start[0]?.lsn],
      );
      const bytes = Number(wal[0]?.bytes);
      walMb[ids].push(bytes / 1e6);
      console.log(
        `${ids.padEnd(12)} ids: ${placed.length} bets in ${ms.toFixed(0)} ms, ` +
          `WAL ${(bytes / 1e6).toFixed(1)} MB (${(bytes / 1024 / placed.length).toFixed(1)} kB a bet)`,
      );
    }
    const mean = (values: number[]) => values.reduce((sum, mb) => sum + mb, 0) / values.length;
    console.log(
      figureRowReport({
        figure: `WAL of ${figureNumber(users)} bets on a grown database, ids`,
        target: 'none',
        value:
          `${mean(walMb['time-ordered']).toFixed(1)} MB time-ordered against ` +
          `${mean(walMb.random).toFixed(1)} MB random`,
        command:
          '`BET_WAL_DATABASE_URL=postgres://postgres@127.0.0.1:5432/grown_wal npm run bench -- betWal`',
      }),
    );
  } finally {
    await db.query(`alter table bets alter column id set default ${ID_DEFAULTS['time-ordered']}`);
    await db.close();
  }
}
