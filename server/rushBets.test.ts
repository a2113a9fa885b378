import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from './db/stores/ledgerHealth.ts';
import { lockPlayableMatch } from './modules/matches/store/lockedMatch.ts';
import { insertHouseAgents, insertMatch, postBet, signInUsers } from './testing/economyFixtures.ts';
import { createTestApp, type TestApp } from './testing/testApp.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

const USERS = 200;
const BETS_PER_MINUTE = 10;
const STAKE = 10;

/** Resolves once a PostgreSQL session of the test server waits for a lock (own connection). */
async function untilSomeoneWaitsOnALock(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    for (let attempt = 0; attempt < 500; attempt++) {
      const { rows } = await client.query<{ waiting: number }>(
        'select count(*)::int as waiting from pg_locks where not granted',
      );
      if ((rows[0]?.waiting ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('no bet ever waited for the first move');
  } finally {
    await client.end();
  }
}

describe.each(testDatabaseKinds())('a rush of bets on %s', (kind) => {
  let t: TestApp;
  let agents: [string, string];
  let users: { cookie: string; userId: string }[];
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      BET_RATE_LIMIT_PER_MINUTE: String(BETS_PER_MINUTE),
    });
    agents = await insertHouseAgents(t.db);
    users = await signInUsers(t.app, USERS + 1);
  }, 600_000);
  afterAll(() => t?.close());

  const countBets = async (matchId: string) => {
    const { rows } = await t.db.query<{ count: number }>(
      'select count(*)::int as count from bets where match_id = $1',
      [matchId],
    );
    return rows[0]?.count;
  };

  it('refuses cleanly, all at once, what must be refused, and changes nothing for it', async () => {
    const open = await insertMatch(t.db, agents);
    const started = await insertMatch(t.db, agents, 'scheduled', '4');
    const [hasty, ...crowd] = users;
    if (!hasty) throw new Error('no users');
    const bet = (cookie: string, body: unknown) => postBet(t.app, cookie, body);
    const requests = crowd.flatMap((user, index) => {
      const key = `rush-${index}-once`;
      const body = { matchId: open, side: 'first', amount: STAKE, idempotencyKey: key };
      return [
        ['placed', bet(user.cookie, body)],
        ['placed', bet(user.cookie, body)],
        ['closed', bet(user.cookie, { ...body, matchId: started, idempotencyKey: `${key}-late` })],
        ['overdraft', bet(user.cookie, { ...body, amount: 1001, idempotencyKey: `${key}-big` })],
        ['malformed', bet(user.cookie, { ...body, amount: 1.5, idempotencyKey: `${key}-bad` })],
      ] as const;
    });
    // One user far over the per-minute budget, at the same moment as everyone else.
    const hastyBets = Array.from(
      { length: BETS_PER_MINUTE * 4 },
      (_, index) =>
        [
          'hasty',
          bet(hasty.cookie, {
            matchId: open,
            side: 'draw',
            amount: 1,
            idempotencyKey: `hasty-${index}-key`,
          }),
        ] as const,
    );
    const answers = await Promise.all(
      [...requests, ...hastyBets].map(async ([kind, pending]) => ({
        kind,
        response: await pending,
      })),
    );

    const byKind = (wanted: string) => answers.filter((answer) => answer.kind === wanted);
    const statuses = (wanted: string) => byKind(wanted).map((answer) => answer.response.statusCode);
    expect(statuses('placed').toSorted()).toEqual([
      ...Array(crowd.length).fill(200),
      ...Array(crowd.length).fill(201),
    ]);
    for (const { response } of byKind('closed')) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toBe('Betting on this match is closed.');
    }
    for (const { response } of byKind('overdraft')) {
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Your balance is too low for this bet.');
    }
    for (const { response } of byKind('malformed')) {
      expect(response.statusCode).toBe(400);
      expect(response.json().issues).toEqual([
        { path: 'amount', message: 'The amount must be a whole number of points.' },
      ]);
    }
    const hastyStatuses = statuses('hasty');
    expect(hastyStatuses.filter((status) => status === 201)).toHaveLength(BETS_PER_MINUTE);
    const limited = byKind('hasty').filter((answer) => answer.response.statusCode === 429);
    expect(limited).toHaveLength(BETS_PER_MINUTE * 3);
    for (const { response } of limited) {
      expect(response.headers['retry-after']).toBe('60');
      expect(response.json().error).toBe('Too many bets: try again in 60 s.');
    }

    // Nothing refused left a trace: one bet per key, one stake per user, the ledger exact.
    expect(await countBets(started)).toBe(0);
    expect(await countBets(open)).toBe(crowd.length + BETS_PER_MINUTE);
    // Group commit: the crowd's bets were written by far fewer transactions than bets.
    const { rows: writers } = await t.db.query<{ count: number }>(
      'select count(distinct xmin::text)::int as count from bets where match_id = $1',
      [open],
    );
    console.log(`${kind}: ${crowd.length + BETS_PER_MINUTE} bets in ${writers[0]?.count} commits`);
    expect(writers[0]?.count).toBeLessThan((crowd.length + BETS_PER_MINUTE) / 4);
    const { rows } = await t.db.query<{ balance: string; entries: number }>(
      `select u.balance::text as balance,
              (select count(*)::int from ledger_entries e where e.user_id = u.id) as entries
         from users u where u.id = any($1::uuid[])`,
      [crowd.map((user) => user.userId)],
    );
    expect(rows).toHaveLength(crowd.length);
    for (const row of rows) expect(row).toEqual({ balance: String(1000 - STAKE), entries: 2 });
    expect((await ledgerHealth(t.db)).agrees).toBe(true);
  }, 600_000);

  it('lets no bet in after the first move: the bets stored are those the move saw', async () => {
    const matchId = await insertMatch(t.db, agents);
    // Not the hasty user: the others have budget left this minute.
    const bettors = users.slice(1, 101);
    const bet = (user: { cookie: string }, index: number) =>
      postBet(t.app, user.cookie, {
        matchId,
        side: 'second',
        amount: 1,
        idempotencyKey: `race-${index}-key`,
      });
    const early = await Promise.all(bettors.slice(0, 50).map(bet));
    // The runner's first move: it locks the match row as the runner does, and while it holds it
    // the rest of the crowd bets; it counts the pool it closes and stores its move.
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const seenByMove = t.db.transaction(async (tx) => {
      expect(await lockPlayableMatch(tx, matchId)).not.toBeNull();
      locked();
      // Held until a bet waits on the lock: a bet that read the match as open before the move
      // committed must still be turned away, not stored after it.
      if (kind === 'postgres') await untilSomeoneWaitsOnALock();
      const { rows } = await tx.query<{ count: number }>(
        'select count(*)::int as count from bets where match_id = $1',
        [matchId],
      );
      await tx.query(`update matches set moves = '4', status = 'live' where id = $1`, [matchId]);
      return rows[0]?.count ?? -1;
    });
    await lockTaken;
    const late = bettors.slice(50).map((user, index) => bet(user, 50 + index));
    expect(await seenByMove).toBe(early.length);
    expect(early.map((answer) => answer.statusCode)).toEqual(Array(early.length).fill(201));
    for (const answer of await Promise.all(late)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().error).toBe('Betting on this match is closed.');
    }
    expect(await countBets(matchId)).toBe(early.length);
  }, 600_000);
});
