import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { keepScheduled } from './builtInSchedule.ts';
import { tournamentSweep } from './sweepTournaments.ts';

describe.each(testDatabaseKinds())('the built-in tournament schedule on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** The scheduled or live tournaments of each game, with their entrants. */
  async function coming() {
    const { rows } = await t.db.query<{
      id: string;
      game: string;
      format: string;
      rounds: number;
      starts_at: Date;
      entrants: string[];
    }>(
      `select t.id::text as id, t.game, t.format, t.rounds, t.starts_at,
         array(select e.agent_id from tournament_entrants e where e.tournament_id = t.id
           order by e.agent_id) as entrants
       from tournaments t where t.status in ('scheduled', 'live') order by t.game`,
    );
    return rows;
  }

  /** The sweep's context, as the runner lends it (no game is created here). */
  const context = () => ({
    db: t.db,
    ownerId: 'one',
    now: new Date(t.clock.now()),
    bettingWindowMs: 0,
    botMoveTimeoutMs: 10_000,
    random: Math.random,
    createGame: async () => false,
  });

  it('is off unless asked: a sweep without it schedules nothing', async () => {
    const errors: unknown[] = [];
    const sweep = tournamentSweep({
      onError: (error) => errors.push(error),
      schedule: false,
      games: ['connect4'],
    });
    await sweep(context());
    expect(errors).toEqual([]);
    expect(await coming()).toEqual([]);
  });

  it('keeps one small Swiss of built-in agents coming for each game, and one only', async () => {
    const errors: unknown[] = [];
    const sweep = tournamentSweep({
      onError: (error) => errors.push(error),
      schedule: true,
      games: ['connect4', 'othello'],
    });
    await sweep(context());
    expect(errors).toEqual([]);
    const first = await coming();
    expect(first.map((row) => [row.game, row.format, row.rounds])).toEqual([
      ['connect4', 'swiss', 3],
      ['othello', 'swiss', 3],
    ]);
    for (const row of first) {
      expect(row.entrants).toHaveLength(4);
      expect(new Date(row.starts_at).getTime()).toBe(t.clock.now() + 10 * 60_000);
    }
    // Every game has one: another process's pass, or a later one, schedules nothing more.
    expect(await keepScheduled(t.db, ['connect4', 'othello'], new Date(t.clock.now()))).toEqual([]);

    // Once Connect Four's is over, the next is scheduled, for Connect Four only.
    await t.db.query(`update tournaments set status = 'cancelled' where game = 'connect4'`);
    const made = await keepScheduled(t.db, ['connect4', 'othello'], new Date(t.clock.now()));
    expect(made).toHaveLength(1);
    expect((await coming()).map((row) => row.game)).toEqual(['connect4', 'othello']);
  });
});
