import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/database.ts';
import { growDatabase } from './db/seed/growDatabase.ts';
import { settleMatch } from './modules/bets/settleMatch.ts';
import { MatchRunner } from './modules/matches/runner/matchRunner.ts';
import { DecisionPool } from './modules/matches/runner/workerPool.ts';
import { insertMatch as insertNewMatch } from './modules/matches/store/matchCreation.ts';
import { tournamentSweep } from './modules/tournaments/runner/sweepTournaments.ts';
import { endMatch, insertHouseAgents, insertMatch, postBet } from './testing/economyFixtures.ts';
import { manualScheduler } from './testing/manualScheduler.ts';
import { createTestWallet, signIn } from './testing/signIn.ts';
import { type RecordedStatement, recordStatements } from './testing/statementRecorder.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { openTestDatabase, testDatabaseKinds } from './testing/testDatabase.ts';

/** A table with more rows than this is large: reading all of it on a request is the bug. */
const LARGE_TABLE_ROWS = 1_500;
/** Enough rows that PostgreSQL's planner prefers an index for one user's or match's rows. */
const SEED = { users: 20_000, bets: 40_000, matches: 3_000, bots: 2_000 };

/**
 * Statements that read every row on purpose, each with why: the admin's ledger audit sums the
 * whole ledger; a runner reads its agent roster whole once when it starts, then only the agents
 * changed since (runner/agentRoster.ts), which this test checks.
 */
const WHOLE_TABLE_BY_DESIGN = [
  /from ledger_entries where kind in/,
  /left join agents a on not a\.hidden and a\.retired_at is null$/,
];

/**
 * Years of tournaments (4,500 of every status and game, 8 entrants each): the tournament routes'
 * plans are then those of a grown install, not of a table PostgreSQL reads whole because it is small.
 * A few are live or past their start (9 each), as on a real install: the runner's sweep advances
 * them, and the games it creates stay too few to change the matches table's statistics.
 */
async function growTournaments(db: Database): Promise<void> {
  await db.query(
    `insert into tournaments (game, format, status, starts_at, entry_fee, house_prize,
       entrant_limit, think_time_ms, prize_shares, created_at, updated_at)
     select (array['connect4', 'othello', 'checkers'])[1 + n % 3], 'round-robin',
       case n % 500 when 0 then 'live' when 1 then 'scheduled'
         else (array['finished', 'finished', 'cancelled'])[1 + n % 3] end,
       now() - n * interval '1 hour', 10, 100, 8, 1000, '{70,30}', now(), now()
     from generate_series(1, 4500) as n`,
  );
  await db.query(
    `insert into tournament_entrants (tournament_id, agent_id, entered_by, fee_paid, entered_at)
     select t.id, a.id, null, 0, now()
     from tournaments t cross join (select id from agents order by id limit 8) a`,
  );
  await db.query('analyze tournaments, tournament_entrants');
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

function seqScans(node: PlanNode): string[] {
  const own = node['Node Type'] === 'Seq Scan' ? [node['Relation Name'] ?? '?'] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

const explainable = (sql: string) => /^\s*(select|insert|update|delete|with)\b/i.test(sql);

if (!testDatabaseKinds().includes('postgres')) {
  console.log('hotPathPlans: skipped, it needs PostgreSQL (TEST_DATABASE_URL)');
}

describe.runIf(testDatabaseKinds().includes('postgres'))('hot paths on a grown database', () => {
  let db: Database;
  let test: TestApp;
  let pool: DecisionPool;
  let largeTables: Set<string>;
  const statements: RecordedStatement[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('postgres');
    await growDatabase(db, SEED);
    await growTournaments(db);
    // Every user follows two agents and a game: a page's count and a user's list read a few rows.
    await db.query(
      `insert into follows (user_id, target_kind, target_id, created_at)
       select u.id, k.kind, case k.kind when 'game' then 'connect4'
           else (select a.id from agents a order by a.id offset (abs(hashtext(u.id::text || k.n)) % 100) limit 1) end,
         now()
       from users u cross join (values ('agent', 1), ('agent', 2), ('game', 3)) as k (kind, n)
       on conflict do nothing`,
    );
    await db.query('analyze follows');
    const { rows } = await db.query<{ relname: string }>(
      `select relname from pg_class
       where relkind = 'r' and relnamespace = current_schema()::regnamespace and reltuples > $1`,
      [LARGE_TABLE_ROWS],
    );
    largeTables = new Set(rows.map((row) => row.relname));
    pool = new DecisionPool(1);
  }, 120_000);

  afterAll(async () => {
    await test?.close();
    await pool?.close();
    await db?.close();
  });

  it('seeds the tables the hot paths read beyond the planner’s small-table threshold', () => {
    expect([...largeTables].sort()).toEqual(
      expect.arrayContaining([
        'agents',
        'bets',
        'bots',
        'follows',
        'ledger_entries',
        'match_moves',
        'matches',
        'tournament_entrants',
        'tournaments',
        'users',
      ]),
    );
  });

  it('reads no large table whole on a request’s or the runner’s path', async () => {
    const recorded = recordStatements(db, statements);
    const admin = createTestWallet();
    test = await createTestApp('postgres', { ADMIN_ADDRESSES: admin.address }, recorded);
    const { app } = test;
    const get = (url: string, cookie: string) =>
      app.inject({ method: 'GET', url, headers: { cookie } });
    const send = (method: 'POST' | 'PATCH', url: string, cookie: string, body: unknown) =>
      app.inject({
        method,
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });

    const cookie = await signIn(app);
    const adminCookie = await signIn(app, admin);
    const me = await get('/api/me', cookie);
    const { userId } = me.json() as { userId: string };
    const agents = await insertHouseAgents(db);
    const open = await insertMatch(db, agents);
    const cancelled = await insertMatch(db, agents);
    const finished = await insertMatch(db, agents);
    for (const matchId of [open, cancelled, finished]) {
      const placed = await postBet(app, cookie, {
        matchId,
        side: 'first',
        amount: 10,
        idempotencyKey: randomUUID(),
      });
      expect(placed.statusCode).toBe(201);
    }
    const { rows: seeded } = await db.query<{ id: string; first_agent_id: string }>(
      `select id, first_agent_id from matches where status = 'finished' limit 1`,
    );
    const seededMatch = seeded[0]?.id ?? '';
    const seededBot = seeded[0]?.first_agent_id ?? '';
    const responses = [
      await get('/api/agents', cookie),
      await get('/api/agents?game=othello', cookie),
      await get(`/api/agents?ids=${seededBot},ada`, cookie),
      await get(`/api/agents/${seededBot}`, cookie),
      await get(`/api/matches?agent=${seededBot}`, cookie),
      await get(`/api/matches?agent=${seededBot}&game=othello&status=finished`, cookie),
      await get('/api/matches?status=finished&game=checkers', cookie),
      await get('/api/matches?status=scheduled', cookie),
      await get(`/api/matches/${seededMatch}`, cookie),
      await get('/api/bets', cookie),
      await get(`/api/bets?matchId=${open}`, cookie),
      await get(`/api/matches/${open}/pools`, cookie),
      await get('/api/profile', cookie),
      await send('PATCH', '/api/profile', cookie, { nickname: `Nick${Date.now() % 100_000}` }),
      await send('POST', '/api/agents', cookie, {
        name: 'Planner',
        traits: { skill: 3, style: 'balanced', risk: 0, thinkTimeMs: 100 },
      }),
      await get('/api/agents/mine', cookie),
      await get('/api/matches', cookie),
      await get(`/api/matches/${finished}`, cookie),
      // Link previews and the sitemap (server/modules/previews): by key, and ranges of indexes.
      await get(`/previews/match/${seededMatch}.png`, cookie),
      await get(`/previews/agent/${seededBot}.png`, cookie),
      await get('/sitemap.xml', cookie),
      await get('/api/admin/users', adminCookie),
      // A part of one address, as an admin pastes it: the trigram indexes of migration 0910.
      await get(`/api/admin/users?query=${admin.address.slice(9, 17)}`, adminCookie),
      await send('POST', `/api/admin/users/${userId}/balance`, adminCookie, {
        amount: 5,
        reason: 'Plan check',
      }),
      await send('POST', `/api/admin/users/${userId}/role`, adminCookie, { isAdmin: false }),
      await send('POST', `/api/admin/matches/${cancelled}/cancel`, adminCookie, {}),
    ];
    const bot = await send('POST', '/api/bots', cookie, { name: 'Plan Bot', games: ['connect4'] });
    const { id: botId, token } = bot.json() as { id: string; token: string };
    responses.push(
      bot,
      await get('/api/bots/mine', cookie),
      // Follows (server/modules/follows): a page's count, a follow, the user's list, an unfollow.
      await get(`/api/follows/agent/${seededBot}`, cookie),
      await app.inject({
        method: 'PUT',
        url: `/api/follows/agent/${seededBot}`,
        headers: { cookie },
      }),
      await get('/api/follows', cookie),
      await app.inject({
        method: 'DELETE',
        url: `/api/follows/agent/${seededBot}`,
        headers: { cookie },
      }),
      await app.inject({
        method: 'GET',
        url: '/api/bot/me',
        headers: { authorization: `Bearer ${token}` },
      }),
      await get('/api/admin/bots', adminCookie),
    );
    // A bot's move: locked with what it checks in one statement (here on a match it does not
    // play, and on none: both 404, their statements run all the same).
    for (const matchId of [seededMatch, 'no-such-match']) {
      const move = await app.inject({
        method: 'POST',
        url: `/api/bot/matches/${matchId}/moves`,
        headers: { authorization: `Bearer ${token}` },
        payload: { ply: 1, move: '4' },
      });
      expect(move.statusCode, move.body).toBe(404);
    }
    responses.push(
      await app.inject({ method: 'POST', url: `/api/bots/${botId}/token`, headers: { cookie } }),
    );
    // A tournament's life before its runner: created, listed, entered, shown, left, cancelled.
    const { rows: planners } = await db.query<{ id: string }>(
      `select id from agents where name = 'Planner'`,
    );
    const plannerId = planners[0]?.id ?? '';
    const created = await send('POST', '/api/admin/tournaments', adminCookie, {
      game: 'connect4',
      format: 'swiss',
      rounds: 3,
      startsAt: new Date(Date.now() + 86_400_000).toISOString(),
      entryFee: 5,
      housePrize: 50,
      entrantLimit: 16,
      thinkTimeMs: 1000,
      prizeTable: [70, 30],
    });
    const { tournamentId } = created.json() as { tournamentId: string };
    const firstAgentId = async () =>
      (await db.query<{ id: string }>('select id from agents order by id limit 1')).rows[0]!.id;
    const entrants = `/api/tournaments/${tournamentId}/entrants`;
    responses.push(
      created,
      await send('POST', entrants, cookie, { agentId: plannerId }),
      await get('/api/tournaments', cookie),
      await get('/api/tournaments?game=othello', cookie),
      await get(`/api/tournaments/${tournamentId}`, cookie),
      await get(`/previews/tournament/${tournamentId}.png`, cookie),
      await get(`/api/agents/${plannerId}/tournaments`, cookie),
      // an agent entered in every grown tournament: its newest 20 of 4,500, by the entries' index
      await get(`/api/agents/${await firstAgentId()}/tournaments`, cookie),
      await app.inject({ method: 'DELETE', url: `${entrants}/${plannerId}`, headers: { cookie } }),
      await send('POST', entrants, cookie, { agentId: plannerId }),
      await send('POST', `/api/admin/tournaments/${tournamentId}/cancel`, adminCookie, {}),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(300);
    await endMatch(db, finished, 'first');
    await recorded.transaction((tx) => settleMatch(tx, finished, 5, new Date()));

    const clock = manualScheduler(Date.now());
    const runner = new MatchRunner({
      db: recorded,
      decider: pool,
      ownerId: 'plan-check',
      liveMatches: 1,
      moveDelayMs: 0,
      scheduler: clock,
    });
    // The second sweep reads the roster's changes, not the roster.
    await runner.sweep();
    await runner.sweep();
    await runner.stop();

    const seen = new Set<string>();
    const offenders = await offendersOf(statements, seen);
    expect(seen.size).toBeGreaterThan(30);
    // The runner's claim ran through the recorder too, so its plan was checked.
    expect([...seen].some((sql) => sql.includes('update matches m set owner = $1'))).toBe(true);
    expect([...seen].some((sql) => sql.includes('on a.roster_changed_at > $1'))).toBe(true);
    // The admin's substring search is checked, not exempted: it reads the trigram indexes.
    expect([...seen].some((sql) => sql.includes('where address like $1'))).toBe(true);
    expect(offenders).toEqual([]);

    // The tournaments' part of a runner's sweep, on the grown tournaments (9 live, 9 past their
    // start), after the plans above: the games it creates are the matches table's own business.
    const tournamentStatements: RecordedStatement[] = [];
    const recordedTournaments = recordStatements(db, tournamentStatements);
    const tournamentErrors: unknown[] = [];
    const sweep = tournamentSweep({
      onError: (error) => tournamentErrors.push(error),
      schedule: true,
      games: ['connect4', 'othello', 'checkers'],
    });
    const now = new Date();
    const gamesCreated = await sweep({
      db: recordedTournaments,
      ownerId: 'plan-check',
      now,
      bettingWindowMs: 0,
      botMoveTimeoutMs: 10_000,
      random: Math.random,
      createGame: (tx, game) => insertNewMatch(tx, game, now, new Date(now.getTime() + 15_000)),
    });
    expect(tournamentErrors).toEqual([]);
    expect(gamesCreated.length).toBeGreaterThan(0);
    const tournamentSeen = new Set<string>();
    expect(await offendersOf(tournamentStatements, tournamentSeen)).toEqual([]);
    expect(
      [...tournamentSeen].some((sql) => sql.includes("status = 'scheduled' and starts_at <= $1")),
    ).toBe(true);
    expect([...tournamentSeen].some((sql) => sql.includes('tournament_round as round'))).toBe(true);
  }, 120_000);

  /** The statements (each once) whose plan reads a large table whole. */
  async function offendersOf(
    recorded: readonly RecordedStatement[],
    seen: Set<string>,
  ): Promise<string[]> {
    const offenders: string[] = [];
    for (const { sql, params } of recorded) {
      if (!explainable(sql) || seen.has(sql)) continue;
      seen.add(sql);
      const exempt = WHOLE_TABLE_BY_DESIGN;
      if (exempt.some((pattern) => pattern.test(sql.trim()))) continue;
      const { rows } = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${sql}`,
        params,
      );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      const large = plan ? seqScans(plan).filter((table) => largeTables.has(table)) : [];
      if (large.length > 0) offenders.push(`${large.join(', ')}: ${sql.replace(/\s+/g, ' ')}`);
    }
    return offenders;
  }
});
