import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBotMatch } from '#server/modules/matches/store/botMatches.ts';
import { insertOwnedAgent, signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { MatchRunner } from './matchRunner.ts';
import type { Scheduler } from './scheduler.ts';
import { DecisionPool } from './workerPool.ts';

// Who the runner seats with whom, and how many bot matches it keeps, on the test clock.
describe.each(testDatabaseKinds())('bot pairing on %s', (kind) => {
  let t: TestApp;
  let pool: DecisionPool;
  // The runner's timers are never fired: these tests only sweep, no move is played.
  const scheduler: Scheduler = {
    now: () => t.clock.now(),
    setTimeout: () => null,
    clearTimeout: () => {},
  };
  // Stopped after each test: a runner alive counts among those sharing the live target.
  const runners: MatchRunner[] = [];
  const runner = (ownerId: string, botMatchesMax = 8, liveMatches = 0) => {
    const made = new MatchRunner({
      db: t.db,
      decider: pool,
      ownerId,
      liveMatches,
      games: ['connect4'],
      moveDelayMs: 0,
      botMatchesMax,
      scheduler,
    });
    runners.push(made);
    return made;
  };
  const onlineUntil = () => new Date(t.clock.now() + 60_000);
  const users = async (count: number) =>
    (await signInUsers(t.app, count)).map((user) => user.userId);
  /** Bot matches announced or live, as their pairs of seats. */
  const botMatches = async () => {
    const { rows } = await t.db.query<{ first: string; second: string }>(
      `select first_agent_id as first, second_agent_id as second from matches m
       where status in ('scheduled', 'live') and exists
         (select 1 from bots b where b.agent_id in (m.first_agent_id, m.second_agent_id))`,
    );
    return rows.map((row) => [row.first, row.second].sort());
  };

  beforeAll(async () => {
    pool = new DecisionPool(1);
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
    await pool.close();
  });
  afterEach(async () => {
    for (const made of runners.splice(0)) await made.stop();
  });
  // Each test starts with no agent a bot could meet and no match going.
  beforeEach(async () => {
    await t.db.query(
      `update matches set status = 'cancelled' where status in ('scheduled', 'live')`,
    );
    await t.db.query('update agents set hidden = true');
  });

  it('never pairs two bots of one owner, nor a bot with its owner’s custom agent', async () => {
    const [owner = ''] = await users(1);
    await insertOwnedAgent(t.db, owner, 'bot', onlineUntil());
    await insertOwnedAgent(t.db, owner, 'bot', onlineUntil());
    await insertOwnedAgent(t.db, owner, 'custom');
    await runner('pairing-a').sweep();
    expect(await botMatches()).toEqual([]);
  });

  it('pairs a bot of that owner with a third party’s bot instead', async () => {
    const [owner = '', other = ''] = await users(2);
    const mine = [
      await insertOwnedAgent(t.db, owner, 'bot', onlineUntil()),
      await insertOwnedAgent(t.db, owner, 'bot', onlineUntil()),
    ];
    const theirs = await insertOwnedAgent(t.db, other, 'bot', onlineUntil());
    await runner('pairing-b').sweep();
    const matches = await botMatches();
    expect(matches).toHaveLength(1);
    expect(matches[0]).toContain(theirs);
    expect(mine.filter((id) => matches[0]?.includes(id))).toHaveLength(1);
  });

  it('seats idle bots against each other first, and the one left over against an agent', async () => {
    const [first = '', second = '', third = '', house = ''] = await users(4);
    const bots = [
      await insertOwnedAgent(t.db, first, 'bot', onlineUntil()),
      await insertOwnedAgent(t.db, second, 'bot', onlineUntil()),
      await insertOwnedAgent(t.db, third, 'bot', onlineUntil()),
    ];
    // Eight engines a bot could meet: drawn among all ten candidates alike, two of three bots
    // would rarely meet each other.
    const engines = new Set<string>();
    for (let index = 0; index < 8; index++)
      engines.add(await insertOwnedAgent(t.db, house, 'custom'));
    await runner('pairing-bots-first').sweep();
    const matches = await botMatches();
    expect(matches).toHaveLength(2);
    const betweenBots = matches.filter((pair) => pair.every((id) => bots.includes(id)));
    const againstEngine = matches.filter((pair) => pair.some((id) => engines.has(id)));
    expect(betweenBots).toHaveLength(1);
    expect(againstEngine).toHaveLength(1);
    expect(new Set(matches.flat().filter((id) => bots.includes(id)))).toEqual(new Set(bots));
  });

  it('never seats two custom agents of one owner in the live matches either', async () => {
    const [owner = '', other = ''] = await users(2);
    const mine = [
      await insertOwnedAgent(t.db, owner, 'custom'),
      await insertOwnedAgent(t.db, owner, 'custom'),
    ];
    const live = async () => {
      const { rows } = await t.db.query<{ first: string; second: string }>(
        `select first_agent_id as first, second_agent_id as second from matches
         where status in ('scheduled', 'live')`,
      );
      return rows.map((row) => [row.first, row.second]);
    };
    await runner('pairing-live', 8, 2).sweep();
    expect(await live()).toEqual([]);
    const theirs = await insertOwnedAgent(t.db, other, 'custom');
    await runner('pairing-live', 8, 2).sweep();
    const matches = await live();
    expect(matches).toHaveLength(2);
    for (const seats of matches) {
      expect(seats).toContain(theirs);
      expect(mine.filter((id) => seats.includes(id))).toHaveLength(1);
    }
  });

  it('refuses, under the creation lock, a match between two agents of one owner', async () => {
    const [owner = ''] = await users(1);
    const first = await insertOwnedAgent(t.db, owner, 'bot', onlineUntil());
    const second = await insertOwnedAgent(t.db, owner, 'custom');
    const now = new Date(t.clock.now());
    const outcome = await createBotMatch(
      t.db,
      {
        id: 'same-owner-match',
        game: 'connect4',
        firstId: first,
        secondId: second,
        seed: 1,
        owner: 'pairing-c',
        moveTimeoutMs: 10_000,
        botMatchesMax: 8,
      },
      now,
      now,
    );
    expect(outcome).toEqual({ refused: 'same-owner' });
    expect(await botMatches()).toEqual([]);
  });

  it('tells each seated bot its side and its opponent, and refuses a bot already playing', async () => {
    const [owner = '', other = '', third = ''] = await users(3);
    const bot = await insertOwnedAgent(t.db, owner, 'bot', onlineUntil());
    const otherBot = await insertOwnedAgent(t.db, other, 'bot', onlineUntil());
    const custom = await insertOwnedAgent(t.db, third, 'custom');
    await t.db.query(`update agents set name = 'Seat ' || kind || ' ' || id where id in ($1, $2)`, [
      bot,
      otherBot,
    ]);
    const now = new Date(t.clock.now());
    const create = (id: string, firstId: string, secondId: string) =>
      createBotMatch(
        t.db,
        {
          id,
          game: 'connect4',
          firstId,
          secondId,
          seed: 1,
          owner: 'pairing-d',
          moveTimeoutMs: 9_000,
          botMatchesMax: 8,
        },
        now,
        now,
      );
    expect(await create('two-bots-match', otherBot, bot)).toEqual({ matchId: 'two-bots-match' });
    const { rows } = await t.db.query<{ bot_id: string; payload: unknown }>(
      `select bot_id, payload from bot_events where match_id = $1 and kind = 'match-start'
       order by bot_id`,
      ['two-bots-match'],
    );
    const told = Object.fromEntries(
      rows.map((row) => [
        row.bot_id,
        typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload,
      ]),
    );
    expect(Object.keys(told).sort()).toEqual([bot, otherBot].sort());
    expect(told[otherBot]).toMatchObject({
      side: 'first',
      opponent: { id: bot, name: `Seat bot ${bot}` },
      moveTimeoutMs: 9_000,
    });
    expect(told[otherBot].legalMoves).toHaveLength(7);
    expect(told[bot]).toMatchObject({
      side: 'second',
      opponent: { id: otherBot, name: `Seat bot ${otherBot}` },
      legalMoves: [],
    });
    // Either bot, in either seat, is now busy; the custom agent plays nothing yet.
    expect(await create('busy-first', bot, custom)).toEqual({ refused: 'busy' });
    expect(await create('busy-second', custom, otherBot)).toEqual({ refused: 'busy' });
    expect((await botMatches()).length).toBe(1);
  });

  it('keeps at most BOT_MATCHES_MAX bot matches across two processes, then seats more as they end', async () => {
    const owners = await users(10);
    for (const owner of owners) await insertOwnedAgent(t.db, owner, 'bot', onlineUntil());
    // Ten bots of ten owners could make five matches; two runners sweeping at once make three.
    await Promise.all([runner('cap-a', 3).sweep(), runner('cap-b', 3).sweep()]);
    expect(await botMatches()).toHaveLength(3);
    await runner('cap-a', 3).sweep();
    expect(await botMatches()).toHaveLength(3);
    await t.db.query(
      `update matches set status = 'cancelled'
       where id = (select id from matches where status in ('scheduled', 'live') limit 1)`,
    );
    await runner('cap-b', 3).sweep();
    expect(await botMatches()).toHaveLength(3);
  });
});
