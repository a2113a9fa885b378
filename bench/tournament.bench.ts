/**
 * `npm run bench -- tournament`: a 32-entrant Swiss of 5 rounds of Connect Four played by the
 * match runner in this process at bench pace (no pause between moves, no betting window, engines
 * at the least think time a tournament allows, 100 ms), on the embedded database (or
 * `DATABASE_URL`'s PostgreSQL). Prints the wall time, each round's span (its first game created
 * to its last ended) and the gap before the next round's games were created, and the runner's
 * overhead: the time of the tournaments' part of its sweeps, in all and per round.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { figureRowReport } from '#scripts/figuresTable.ts';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { MatchRunner } from '#server/modules/matches/runner/matchRunner.ts';
import { DecisionPool } from '#server/modules/matches/runner/workerPool.ts';
import { tournamentSweep } from '#server/modules/tournaments/runner/sweepTournaments.ts';

const ENTRANTS = 32;
const ROUNDS = 5;
const STYLES = ['aggressive', 'defensive', 'balanced'] as const;

export default async function tournament(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'gridmind-tournament-bench-'));
  const db = await openDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: join(dir, 'db'),
  });
  const pool = new DecisionPool();
  try {
    await migrate(db);
    const now = new Date();
    const { rows } = await db.query<{ id: string }>(
      `insert into tournaments (game, format, rounds, status, starts_at, entry_fee, house_prize,
         entrant_limit, think_time_ms, prize_shares, created_at, updated_at)
       values ('connect4', 'swiss', $1, 'scheduled', $2, 0, 0, $3, 100, '{50,30,20}', $2, $2)
       returning id::text as id`,
      [ROUNDS, now, ENTRANTS],
    );
    const tournamentId = rows[0]?.id ?? '';
    for (let index = 0; index < ENTRANTS; index++) {
      const traits = {
        skill: 1 + (index % 5),
        style: STYLES[index % 3],
        risk: 0.2,
        thinkTimeMs: 100,
      };
      await db.query(
        `insert into agents (id, name, tagline, traits, kind, games)
         values ($1, $1, '', $2, 'custom', '{connect4}')`,
        [`bench-${index}`, JSON.stringify(traits)],
      );
      await db.query(
        `insert into tournament_entrants (tournament_id, agent_id, fee_paid, entered_at)
         values ($1, $2, 0, $3)`,
        [tournamentId, `bench-${index}`, now],
      );
    }

    const sweepTimes: number[] = [];
    const sweep = tournamentSweep({
      onError: (error) => console.error('tournament failed to advance', error),
      schedule: false,
      games: ['connect4'],
    });
    const runner = new MatchRunner({
      db,
      decider: pool,
      ownerId: 'bench',
      liveMatches: 0,
      games: ['connect4'],
      moveDelayMs: 0,
      bettingWindowMs: 0,
      tournaments: async (context) => {
        const start = performance.now();
        const created = await sweep(context);
        sweepTimes.push(performance.now() - start);
        return created;
      },
    });
    const started = performance.now();
    runner.start();
    for (;;) {
      const { rows: status } = await db.query<{ status: string }>(
        'select status from tournaments where id = $1',
        [tournamentId],
      );
      if (status[0]?.status === 'finished') break;
      if (performance.now() - started > 30 * 60_000) throw new Error('not finished in 30 minutes');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const wallMs = performance.now() - started;
    await runner.stop();

    const { rows: rounds } = await db.query<{
      round: number;
      games: number;
      first_created: Date;
      last_ended: Date;
      plies: number;
    }>(
      `select m.tournament_round as round, count(*)::int as games,
         min(m.started_at) as first_created, max(m.ended_at) as last_ended,
         sum(stored.plies)::int as plies
       from matches m
         cross join lateral (select count(*)::int as plies from match_moves mm
           where mm.match_id = m.id) stored
       where m.tournament_id = $1 group by m.tournament_round order by m.tournament_round`,
      [tournamentId],
    );
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(
      `${ENTRANTS}-entrant Swiss of ${ROUNDS} rounds (Connect Four, bench pace, ${pool.size} search threads): wall ${seconds(wallMs)}`,
    );
    for (const [index, round] of rounds.entries()) {
      const next = rounds[index + 1];
      const spanMs = new Date(round.last_ended).getTime() - new Date(round.first_created).getTime();
      const gapMs = next
        ? new Date(next.first_created).getTime() - new Date(round.last_ended).getTime()
        : null;
      console.log(
        `round ${round.round}: ${round.games} games, ${round.plies} moves, ${seconds(spanMs)} from first created to last ended${gapMs === null ? '' : `; next round created ${gapMs} ms after`}`,
      );
    }
    const totalMs = sweepTimes.reduce((sum, ms) => sum + ms, 0);
    const sorted = [...sweepTimes].sort((a, b) => a - b);
    console.log(
      `runner overhead (the tournaments' part of ${sweepTimes.length} sweeps): ${totalMs.toFixed(0)} ms in all, ${(totalMs / ROUNDS).toFixed(0)} ms per round; one sweep p50 ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`,
    );
    console.log(
      figureRowReport({
        figure: `a ${ENTRANTS}-entrant Swiss of ${ROUNDS} rounds at bench pace`,
        target: 'none',
        value: `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} ${seconds(wallMs)}, runner ${(totalMs / ROUNDS).toFixed(0)} ms a round`,
        command: '`npm run bench -- tournament`',
      }),
    );
  } finally {
    await pool.close();
    await db.close();
    await rm(dir, { recursive: true, force: true });
  }
}
