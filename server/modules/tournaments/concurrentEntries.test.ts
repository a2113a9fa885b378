import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import { insertOwnedAgent, signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { economyTotals, insertTournament } from '#server/testing/tournamentFixtures.ts';

const USERS = 50;
const LIMIT = 10;
const FEE = 37;
/** How many of round two's answers come before the admin cancels. */
const CANCEL_AFTER = 15;

describe.each(testDatabaseKinds())('entries racing a limit and a cancel on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    const admin = createTestWallet();
    // Fifty sign-ins from one address: past the sign-in limit otherwise.
    t = await createTestApp(kind, {
      ADMIN_ADDRESSES: admin.address,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
    adminCookie = await signIn(t.app, admin);
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('admit exactly the limit, then refund every fee once whatever the order', async () => {
    const id = await insertTournament(t.db, {
      startsAt: new Date(t.clock.now() + 60_000),
      entryFee: FEE,
      entrantLimit: LIMIT,
    });
    const users = await signInUsers(t.app, USERS);
    const entrants = await Promise.all(
      users.map(async (user) => ({
        ...user,
        agentId: await insertOwnedAgent(t.db, user.userId, 'custom'),
      })),
    );
    const url = `/api/tournaments/${id}/entrants`;

    // Round one: all 50 at once for 10 places.
    const first = await Promise.all(
      entrants.map((user) => send('POST', url, user.cookie, { agentId: user.agentId })),
    );
    const admitted = entrants.filter((_, index) => first[index]?.statusCode === 201);
    expect(admitted).toHaveLength(LIMIT);
    const refusals = first.filter((response) => response.statusCode !== 201);
    expect(refusals.every((response) => response.json().error === 'This tournament is full.')).toBe(
      true,
    );
    const afterFirst = await economyTotals(t.db);
    expect(afterFirst.held).toBe(BigInt(LIMIT * FEE));
    expect(afterFirst.mismatched).toBe(0);

    // Round two: the admitted withdraw (sent first, so places free up), the others try again,
    // and the admin cancels once CANCEL_AFTER of them have been answered, the rest still racing.
    const waiting = entrants.filter((user) => !admitted.includes(user));
    let answered = 0;
    let openCancel = () => {};
    const cancelGate = new Promise<void>((resolve) => {
      openCancel = resolve;
    });
    const counted = async (response: ReturnType<typeof send>) => {
      const answer = await response;
      if (++answered === CANCEL_AFTER) openCancel();
      return answer;
    };
    const [second, cancel] = await Promise.all([
      Promise.all([
        ...admitted.map((user) => counted(send('DELETE', `${url}/${user.agentId}`, user.cookie))),
        ...waiting.map((user) =>
          counted(send('POST', url, user.cookie, { agentId: user.agentId })),
        ),
      ]),
      cancelGate.then(() => send('POST', `/api/admin/tournaments/${id}/cancel`, adminCookie)),
    ]);
    expect(cancel.statusCode).toBe(200);
    expect(second.every((response) => [201, 204, 409].includes(response.statusCode))).toBe(true);
    const reasons = new Set(second.filter((r) => r.statusCode === 409).map((r) => r.json().error));
    expect(
      [...reasons].every((reason) =>
        ['This tournament is full.', 'This tournament was cancelled.'].includes(reason),
      ),
    ).toBe(true);
    const count = (status: number) => second.filter((r) => r.statusCode === status).length;
    console.info(
      `${kind}: round two: ${count(204)} withdrawn, ${count(201)} entered, ${count(409)} refused, ` +
        `${cancel.json().refunded} refunded by the cancel (${[...reasons].join(' ')})`,
    );

    // Checked with SQL of the test's own: every entrant at any time was one of at most LIMIT, each
    // fee taken once and given back once, every balance whole again.
    const { rows: entered } = await t.db.query<{ count: number }>(
      'select count(*)::int as count from tournament_entrants where tournament_id = $1',
      [id],
    );
    expect(entered[0]?.count).toBeLessThanOrEqual(LIMIT);
    const { rows: ledger } = await t.db.query<{ kind: string; rows: number; total: string }>(
      `select kind, count(*)::int as rows, sum(amount)::text as total from ledger_entries
       where tournament_id = $1 group by kind order by kind`,
      [id],
    );
    const fees = ledger.find((row) => row.kind === 'entry_fee');
    const refunds = ledger.find((row) => row.kind === 'entry_refund');
    const entries = second.filter((response) => response.statusCode === 201).length;
    expect(fees?.rows).toBe(LIMIT + entries);
    expect(refunds?.rows).toBe(fees?.rows);
    expect(BigInt(refunds?.total ?? 0) + BigInt(fees?.total ?? 0)).toBe(0n);
    const { rows: balances } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id = any($1::uuid[])',
      [users.map((user) => user.userId)],
    );
    expect(balances.map((row) => row.balance)).toEqual(users.map(() => '1000'));
    const totals = await economyTotals(t.db);
    expect(totals).toMatchObject({ held: 0n, mismatched: 0 });
    expect(totals.balances).toBe(totals.ledger);
    expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 0, agrees: true });
  }, 180_000);
});
