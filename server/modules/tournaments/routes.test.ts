import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import {
  insertHouseAgents,
  insertOwnedAgent,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { economyTotals } from '#server/testing/tournamentFixtures.ts';

const HOUR_MS = 3_600_000;

describe.each(testDatabaseKinds())('tournament routes on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie = '', body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const create = async (fields: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/admin/tournaments', adminCookie, {
      game: 'connect4',
      format: 'round-robin',
      startsAt: new Date(t.clock.now() + HOUR_MS).toISOString(),
      entryFee: 25,
      housePrize: 100,
      entrantLimit: 4,
      thinkTimeMs: 500,
      prizeTable: [60, 30, 10],
      ...fields,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().tournamentId as string;
  };

  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, { ADMIN_ADDRESSES: admin.address });
    await insertHouseAgents(t.db);
    adminCookie = await signIn(t.app, admin);
  });
  afterAll(() => t.close());

  it('creates a tournament an admin describes, and refuses a start in the past or a Swiss without rounds', async () => {
    const id = await create({ game: 'othello', format: 'swiss', rounds: 5 });
    const list = (await call('GET', '/api/tournaments?game=othello')).json();
    expect(list.upcoming.map((item: { id: string }) => item.id)).toContain(id);
    expect(list.upcoming.find((item: { id: string }) => item.id === id)).toMatchObject({
      game: 'othello',
      format: 'swiss',
      rounds: 5,
      status: 'scheduled',
      entryFee: 25,
      housePrize: 100,
      pool: 100,
      entrants: 0,
      entrantLimit: 4,
      thinkTimeMs: 500,
    });
    const connectFour = (await call('GET', '/api/tournaments?game=connect4')).json();
    expect(connectFour.upcoming.map((item: { id: string }) => item.id)).not.toContain(id);

    const past = await call('POST', '/api/admin/tournaments', adminCookie, {
      game: 'connect4',
      format: 'knockout',
      startsAt: new Date(t.clock.now() - 1).toISOString(),
      entryFee: 0,
      housePrize: 0,
      entrantLimit: 8,
      thinkTimeMs: 500,
      prizeTable: [100],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error).toBe('The start must be in the future.');
    const noRounds = await call('POST', '/api/admin/tournaments', adminCookie, {
      game: 'connect4',
      format: 'swiss',
      startsAt: new Date(t.clock.now() + HOUR_MS).toISOString(),
      entryFee: 0,
      housePrize: 0,
      entrantLimit: 8,
      thinkTimeMs: 500,
      prizeTable: [100],
    });
    expect(noRounds.statusCode).toBe(400);
  });

  it('takes an owner’s fee through the ledger and shows the entrant, the grown prizes and the rules', async () => {
    const id = await create();
    const [owner] = await signInUsers(t.app, 1);
    if (!owner) throw new Error('no user');
    const agentId = await insertOwnedAgent(t.db, owner.userId, 'custom');
    const entered = await call('POST', `/api/tournaments/${id}/entrants`, owner.cookie, {
      agentId,
    });
    expect(entered.statusCode, entered.body).toBe(201);
    expect(entered.json()).toEqual({ tournamentId: id, agentId, balance: 975 });
    const builtin = await call('POST', `/api/tournaments/${id}/entrants`, adminCookie, {
      agentId: 'house-a',
    });
    expect(builtin.json()).toMatchObject({ balance: null });

    const { rows } = await t.db.query<{ amount: string; kind: string; tournament_id: string }>(
      `select amount::text as amount, kind, tournament_id::text as tournament_id
       from ledger_entries where user_id = $1 and kind = 'entry_fee'`,
      [owner.userId],
    );
    expect(rows).toEqual([{ amount: '-25', kind: 'entry_fee', tournament_id: id }]);

    const detail = (await call('GET', `/api/tournaments/${id}`)).json();
    expect(detail.tournament).toMatchObject({ pool: 125, entrants: 2 });
    expect(detail.entrants.map((entrant: { agentId: string }) => entrant.agentId)).toEqual([
      agentId,
      'house-a',
    ]);
    // 125 by 60:30:10 is 75, 37.5 and 12.5: rounded down, and the half point left goes to first.
    expect(detail.prizes).toEqual([
      { place: 1, points: 76 },
      { place: 2, points: 37 },
      { place: 3, points: 12 },
    ]);
    expect(detail.rules).toHaveLength(3);
    expect(detail.standings).toHaveLength(2);
    expect(detail.standings.every((row: { halfPoints: number }) => row.halfPoints === 0)).toBe(
      true,
    );
    expect(detail.rounds).toEqual([]);
    expect((await call('GET', `/api/tournaments/${randomUUID()}`)).statusCode).toBe(404);
  });

  it('refunds the fee of an entrant withdrawn before the start, by the user who entered it or an admin', async () => {
    const id = await create();
    const [owner, other] = await signInUsers(t.app, 2);
    if (!owner || !other) throw new Error('no users');
    const agentId = await insertOwnedAgent(t.db, owner.userId, 'custom');
    const entrantUrl = `/api/tournaments/${id}/entrants`;
    await call('POST', entrantUrl, owner.cookie, { agentId });
    const refused = await call('DELETE', `${entrantUrl}/${agentId}`, other.cookie);
    expect(refused.statusCode).toBe(403);
    expect((await call('DELETE', `${entrantUrl}/${agentId}`, owner.cookie)).statusCode).toBe(204);
    await call('POST', entrantUrl, owner.cookie, { agentId });
    expect((await call('DELETE', `${entrantUrl}/${agentId}`, adminCookie)).statusCode).toBe(204);

    const { rows } = await t.db.query<{ kind: string; amount: string }>(
      `select kind, amount::text as amount from ledger_entries
       where user_id = $1 and tournament_id = $2 order by id`,
      [owner.userId, id],
    );
    expect(rows.map((row) => `${row.kind} ${row.amount}`)).toEqual([
      'entry_fee -25',
      'entry_refund 25',
      'entry_fee -25',
      'entry_refund 25',
    ]);
    const { rows: balance } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id = $1',
      [owner.userId],
    );
    expect(balance[0]?.balance).toBe('1000');
  });

  it('cancels a tournament and refunds every fee in the same transaction, once', async () => {
    const id = await create();
    const owners = await signInUsers(t.app, 3);
    for (const owner of owners) {
      const agentId = await insertOwnedAgent(t.db, owner.userId, 'custom');
      await call('POST', `/api/tournaments/${id}/entrants`, owner.cookie, { agentId });
    }
    const before = await economyTotals(t.db);
    const cancelled = await call('POST', `/api/admin/tournaments/${id}/cancel`, adminCookie);
    expect(cancelled.json()).toEqual({ tournamentId: id, status: 'cancelled', refunded: 3 });
    const after = await economyTotals(t.db);
    expect(after.balances - before.balances).toBe(75n);
    expect(before.held - after.held).toBe(75n);
    expect(after.mismatched).toBe(0);
    const again = await call('POST', `/api/admin/tournaments/${id}/cancel`, adminCookie);
    expect(again.statusCode).toBe(409);
    expect((await economyTotals(t.db)).balances).toBe(after.balances);

    const list = (await call('GET', '/api/tournaments')).json();
    expect(list.finished.find((item: { id: string }) => item.id === id)?.status).toBe('cancelled');
    expect(await ledgerHealth(t.db)).toMatchObject({ agrees: true });
  });
});
