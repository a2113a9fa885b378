import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import {
  assertEveryGameOnce,
  drivenScheduler,
  FOUR_BUILT_INS,
  insertGame,
  loadedDecisionPool,
  playTournament,
  quickRoundRobin,
  storedGames,
  tournamentRunner,
  tournamentStatus,
} from '#server/testing/tournamentRunnerKit.ts';
import { advanceTournament } from './advanceTournament.ts';

let pool: Awaited<ReturnType<typeof loadedDecisionPool>>;
beforeAll(async () => {
  pool = await loadedDecisionPool();
});
afterAll(() => pool.close());

describe.each(testDatabaseKinds())('a tournament through faults on %s', (kind) => {
  let t: TestApp;
  const errors: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** A fee-free round robin of four built-ins, started: its id. */
  async function startedRoundRobin(): Promise<string> {
    const id = await quickRoundRobin(t.db, new Date(t.clock.now() + 1_000), FOUR_BUILT_INS, 0);
    t.clock.advance(1_000);
    return id;
  }

  /** Who stored the moves of the tournament's games. */
  async function moveOwners(id: string): Promise<Set<string>> {
    const { rows } = await t.db.query<{ owner: string }>(
      `select distinct mm.owner from match_moves mm join matches m on m.id = mm.match_id
       where m.tournament_id = $1`,
      [id],
    );
    return new Set(rows.map((row) => row.owner));
  }

  it('two runners on one database sweep side by side: no game created twice, one settlement', async () => {
    const id = await startedRoundRobin();
    const runners = ['one', 'two'].map((owner) =>
      tournamentRunner(t.db, pool, owner, drivenScheduler(t.clock.now), errors),
    );
    await playTournament(t.db, id, () => runners);
    expect(errors).toEqual([]);
    expect(await tournamentStatus(t.db, id)).toBe('finished');
    const games = await storedGames(t.db, id);
    expect(games).toHaveLength(12);
    assertEveryGameOnce(games);
    await Promise.all(runners.map((runner) => runner.sweep()));
    const { rows } = await t.db.query<{ count: number }>(
      `select count(*)::int as count from ledger_entries
       where tournament_id = $1 and kind = 'house_prize'`,
      [id],
    );
    expect(rows[0]?.count).toBe(1);
    expect(await ledgerHealth(t.db)).toMatchObject({ agrees: true });
    for (const runner of runners) await runner.stop();
  }, 240_000);

  it('keeps one row per game when a second insert of it comes from another process', async () => {
    const id = await startedRoundRobin();
    // The round's games as one process creates them, then the same games inserted again.
    const first = await t.db.transaction((tx) =>
      advanceTournament(tx, id, {
        db: t.db,
        ownerId: 'one',
        now: new Date(t.clock.now()),
        bettingWindowMs: 0,
        botMoveTimeoutMs: 10_000,
        random: Math.random,
        createGame: (inner, game) => insertGame(inner, game, t.clock.now()),
      }),
    );
    expect(first).toMatchObject({ kind: 'playing', round: 1 });
    const before = await storedGames(t.db, id);
    expect(before).toHaveLength(2);
    for (const game of before) {
      const again = await t.db.transaction((tx) =>
        insertGame(
          tx,
          {
            id: randomUUID(),
            game: 'connect4',
            firstId: game.first,
            secondId: game.second,
            seed: 1,
            owner: 'two',
            startsAt: null,
            tournament: { id, round: game.round, thinkTimeMs: 100 },
          },
          t.clock.now(),
        ),
      );
      expect(again).toBe(false);
    }
    expect(await storedGames(t.db, id)).toEqual(before);
    // Out of the way of the next tests' runners.
    await t.db.query(`update matches set status = 'cancelled' where tournament_id = $1`, [id]);
    await t.db.query(`update tournaments set status = 'cancelled' where id = $1`, [id]);
  });

  /**
   * Round 1 under way with runner one, each game a few moves in; then `fault` (a clean stop, or
   * nothing: a crash), and runner two, `laterMs` on, plays the tournament to its end.
   */
  async function handOver(fault: 'stop' | 'crash', laterMs: number) {
    const id = await startedRoundRobin();
    const one = tournamentRunner(t.db, pool, `one-${fault}`, drivenScheduler(t.clock.now), errors);
    await one.sweep();
    const roundOne = one.ownedMatches();
    expect(roundOne).toHaveLength(2);
    for (const matchId of roundOne) {
      for (let move = 0; move < 3; move++) expect(await one.playMove(matchId)).toBe(true);
    }
    if (fault === 'stop') await one.stop();
    t.clock.advance(laterMs);
    const two = tournamentRunner(t.db, pool, `two-${fault}`, drivenScheduler(t.clock.now), errors);
    await playTournament(t.db, id, () => [two]);
    expect(errors).toEqual([]);
    expect(await tournamentStatus(t.db, id)).toBe('finished');
    const games = await storedGames(t.db, id);
    expect(games).toHaveLength(12);
    assertEveryGameOnce(games);
    // Round 1's games went on from the moves runner one stored: none was started again.
    expect(
      games
        .filter((game) => game.round === 1)
        .map((game) => game.id)
        .sort(),
    ).toEqual([...roundOne].sort());
    expect(await moveOwners(id)).toEqual(new Set([`one-${fault}`, `two-${fault}`]));
    await two.stop();
  }

  it('a runner stopped mid-round: another finishes the event, no game lost or played twice', async () => {
    await handOver('stop', 0);
  }, 240_000);

  it('a runner that died mid-round: its games pass on when their leases run out', async () => {
    // The lease is 15 s: a second on, runner two's claim takes runner one's games.
    await handOver('crash', 16_000);
  }, 240_000);
});
