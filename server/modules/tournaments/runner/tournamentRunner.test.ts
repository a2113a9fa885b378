import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botStartEventSchema } from '#core/protocol/bots.ts';
import { tournamentDetailSchema } from '#core/protocol/tournamentViews.ts';
import { splitPrizes } from '#core/tournaments/prizes.ts';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { insertOwnedAgent, signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import {
  assertEveryGameOnce,
  drivenScheduler,
  FOUR_BUILT_INS,
  loadedDecisionPool,
  playTournament,
  quickRoundRobin,
  storedGames,
  tournamentRunner,
  tournamentStatus,
} from '#server/testing/tournamentRunnerKit.ts';

let pool: Awaited<ReturnType<typeof loadedDecisionPool>>;
beforeAll(async () => {
  pool = await loadedDecisionPool();
});
afterAll(() => pool.close());

describe.each(testDatabaseKinds())('the tournament runner on %s', (kind) => {
  let t: TestApp;
  const errors: unknown[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Enters a user's own custom agent (or bot) through the API, paying the fee; its id. */
  async function enterOwnAgent(tournamentId: string, agentKind: 'custom' | 'bot' = 'custom') {
    const [user] = await signInUsers(t.app, 1);
    if (!user) throw new Error('no user');
    const agentId = await insertOwnedAgent(t.db, user.userId, agentKind);
    const entered = await t.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/entrants`,
      headers: { cookie: user.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ agentId }),
    });
    expect(entered.statusCode).toBe(201);
    return { agentId, userId: user.userId };
  }

  const prizeRows = async (tournamentId: string) => {
    const { rows } = await t.db.query<{ kind: string; agent_id: string | null; amount: string }>(
      `select kind, agent_id, amount::text as amount from ledger_entries
       where tournament_id = $1 and kind in ('prize', 'house_prize') order by id`,
      [tournamentId],
    );
    return rows;
  };

  it('plays a round robin to the end, round by round, and pays the pool once by the standings', async () => {
    const startsAt = new Date(t.clock.now() + 60_000);
    const id = await quickRoundRobin(t.db, startsAt, FOUR_BUILT_INS.slice(0, 2));
    await enterOwnAgent(id);
    await enterOwnAgent(id);
    t.clock.advance(60_000);
    const runner = tournamentRunner(t.db, pool, 'one', drivenScheduler(t.clock.now), errors);
    const roundsSeen: number[][] = [];
    await playTournament(
      t.db,
      id,
      () => [runner],
      async () => {
        const games = await storedGames(t.db, id);
        roundsSeen.push([...new Set(games.map((game) => game.round))]);
      },
    );
    expect(errors).toEqual([]);
    expect(await tournamentStatus(t.db, id)).toBe('finished');

    // A double round robin of four: six rounds of two games, each started once the last ended.
    const games = await storedGames(t.db, id);
    expect(games).toHaveLength(12);
    assertEveryGameOnce(games);
    expect(roundsSeen.slice(0, 6)).toEqual(
      [1, 2, 3, 4, 5, 6].map((last) => Array.from({ length: last }, (_, index) => index + 1)),
    );

    // The page's rounds name each game's match and result; its standings are the results summed.
    const detail = tournamentDetailSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}` })).json(),
    );
    expect(
      detail.rounds.flatMap((round) =>
        round.pairings.map((pairing) => ({ round: round.number, ...pairing })),
      ),
    ).toEqual(
      games.map((game) => ({
        round: game.round,
        first: game.first,
        second: game.second,
        matchId: game.id,
        result: game.result,
      })),
    );
    const halfPoints = new Map<string, number>();
    const add = (agentId: string, points: number) =>
      halfPoints.set(agentId, (halfPoints.get(agentId) ?? 0) + points);
    for (const game of games) {
      add(game.first, game.result === 'first' ? 2 : game.result === 'draw' ? 1 : 0);
      add(game.second, game.result === 'second' ? 2 : game.result === 'draw' ? 1 : 0);
    }
    expect(new Map(detail.standings.map((row) => [row.agentId, row.halfPoints]))).toEqual(
      halfPoints,
    );
    const finishers = detail.standings.map((row) => ({ id: row.agentId, place: row.place }));
    const prizes = splitPrizes(120n, [70, 30], finishers);
    const paid = await prizeRows(id);
    expect(paid.filter((row) => row.kind === 'house_prize').map((row) => row.amount)).toEqual([
      '-100',
    ]);
    expect(
      new Map(paid.filter((row) => row.kind === 'prize').map((row) => [row.agent_id, row.amount])),
    ).toEqual(new Map([...prizes].map(([agentId, prize]) => [agentId, String(prize)])));

    // Swept again, the finished tournament pays nothing more.
    await runner.sweep();
    expect(await prizeRows(id)).toEqual(paid);
    expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 0, agrees: true });
    await runner.stop();
  }, 240_000);

  it.each([
    ['swiss', 2],
    ['knockout', null],
  ] as const)(
    'plays a %s of three to its end, byes and all, every game once',
    async (format, rounds) => {
      const id = await quickRoundRobin(
        t.db,
        new Date(t.clock.now() + 60_000),
        FOUR_BUILT_INS.slice(0, 3),
        0,
      );
      await t.db.query('update tournaments set format = $2, rounds = $3 where id = $1', [
        id,
        format,
        rounds,
      ]);
      t.clock.advance(60_000);
      const runner = tournamentRunner(t.db, pool, 'one', drivenScheduler(t.clock.now), errors);
      await playTournament(t.db, id, () => [runner]);
      expect(errors).toEqual([]);
      expect(await tournamentStatus(t.db, id)).toBe('finished');
      const games = await storedGames(t.db, id);
      assertEveryGameOnce(games);
      const detail = tournamentDetailSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/tournaments/${id}` })).json(),
      );
      // Every game the rounds paired was played, and nothing else; a round of three has a bye.
      const paired = detail.rounds.flatMap((round) => round.pairings);
      expect(paired.map((pairing) => pairing.matchId).sort()).toEqual(
        games.map((game) => game.id).sort(),
      );
      for (const round of detail.rounds) {
        expect(round.pairings.length * 2 + round.byes.length).toBe(
          format === 'swiss' || round.number === 1 ? 3 : 2,
        );
      }
      if (format === 'swiss') expect(detail.rounds).toHaveLength(2);
      else expect(detail.standings.filter((row) => row.place === 1)).toHaveLength(1);
      expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 0, agrees: true });
      await runner.stop();
    },
    240_000,
  );

  it('cancels a field of one at its start and refunds the fee', async () => {
    const id = await quickRoundRobin(t.db, new Date(t.clock.now() + 60_000), []);
    const { userId } = await enterOwnAgent(id);
    t.clock.advance(60_000);
    const runner = tournamentRunner(t.db, pool, 'one', drivenScheduler(t.clock.now), errors);
    await runner.sweep();
    expect(errors).toEqual([]);
    expect(await tournamentStatus(t.db, id)).toBe('cancelled');
    const { rows } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id = $1',
      [userId],
    );
    expect(rows[0]?.balance).toBe('1000');
    expect(await storedGames(t.db, id)).toEqual([]);
    expect(await ledgerHealth(t.db)).toMatchObject({ agrees: true });
    await runner.stop();
  });

  it('announces a round beside the casual target and tells a bot its tournament and round', async () => {
    await t.db.query(
      `update matches set status = 'cancelled' where status in ('scheduled', 'live')`,
    );
    const id = await quickRoundRobin(t.db, new Date(t.clock.now() + 60_000), ['pip']);
    const bot = await enterOwnAgent(id, 'bot');
    t.clock.advance(60_000);
    const runner = tournamentRunner(t.db, pool, 'one', drivenScheduler(t.clock.now), errors, {
      liveMatches: 1,
      bettingWindowMs: 30_000,
    });
    await runner.sweep();
    expect(errors).toEqual([]);
    const { rows } = await t.db.query<{
      tournament_id: string | null;
      status: string;
      starts_at: Date;
    }>(
      `select tournament_id::text as tournament_id, status, starts_at from matches
       where status in ('scheduled', 'live') and game = 'connect4'
         and (tournament_id = $1 or tournament_id is null)
       order by seq`,
      [id],
    );
    // The tournament's game and the casual target's one, both announced for the betting window.
    expect(rows.map((row) => row.tournament_id)).toEqual([id, null]);
    for (const row of rows) {
      expect(row.status).toBe('scheduled');
      expect(new Date(row.starts_at).getTime()).toBe(t.clock.now() + 30_000);
    }
    const { rows: told } = await t.db.query<{ payload: unknown }>(
      `select payload from bot_events where bot_id = $1 and kind = 'match-start'`,
      [bot.agentId],
    );
    expect(told).toHaveLength(1);
    expect(botStartEventSchema.parse(told[0]?.payload).tournament).toEqual({ id, round: 1 });
    await runner.stop();
  });
});
