import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertHouseAgents,
  insertOwnedAgent,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';

const HOUR_MS = 3_600_000;

/** Refused entries and withdrawals: each a clear 4xx sentence, and not one row changed. */
describe.each(testDatabaseKinds())('refused tournament entries on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  let owner: { cookie: string; userId: string };
  let other: { cookie: string; userId: string };
  let agentId: string;
  const call = (method: 'POST' | 'DELETE', url: string, cookie: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const enter = (tournamentId: string, agent: string, cookie = owner.cookie) =>
    call('POST', `/api/tournaments/${tournamentId}/entrants`, cookie, { agentId: agent });
  const tournament = (fields: Parameters<typeof insertTournament>[1] | object = {}) =>
    insertTournament(t.db, { startsAt: new Date(t.clock.now() + HOUR_MS), ...fields });
  /** Everything a refusal must leave alone, read with the test's own SQL. */
  const snapshot = async () => {
    const { rows } = await t.db.query<{ state: string }>(
      `select concat_ws('|',
         (select string_agg(concat_ws(',', id, balance), ';' order by id) from users),
         (select concat_ws(',', count(*), sum(amount)) from ledger_entries),
         (select string_agg(concat_ws(',', tournament_id, agent_id, fee_paid), ';'
            order by tournament_id, agent_id) from tournament_entrants),
         (select string_agg(concat_ws(',', id, status), ';' order by id) from tournaments)) as state`,
    );
    return rows[0]?.state;
  };
  const expectRefusal = async (
    send: () => Promise<{ statusCode: number; json: () => { error: string } }>,
    status: number,
    error: string,
  ) => {
    const before = await snapshot();
    const response = await send();
    expect(response.statusCode).toBe(status);
    expect(response.json().error).toBe(error);
    expect(await snapshot()).toBe(before);
  };

  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, { ADMIN_ADDRESSES: admin.address });
    await insertHouseAgents(t.db);
    adminCookie = await signIn(t.app, admin);
    [owner, other] = (await signInUsers(t.app, 2)) as [typeof owner, typeof other];
    agentId = await insertOwnedAgent(t.db, owner.userId, 'custom');
  });
  afterAll(() => t.close());

  it('refuses an agent one does not own, and a built-in agent to a user', async () => {
    const id = await tournament();
    await expectRefusal(
      () => enter(id, agentId, other.cookie),
      403,
      'You can enter only your own agents.',
    );
    await expectRefusal(
      () => enter(id, 'house-a', other.cookie),
      403,
      'Only admins enter built-in agents.',
    );
    await expectRefusal(
      () => enter(id, agentId, adminCookie),
      403,
      'You can enter only your own agents.',
    );
    await expectRefusal(() => enter(id, 'no-such-agent'), 404, 'This agent does not exist.');
    await expectRefusal(() => enter(randomUUID(), agentId), 404, 'This tournament does not exist.');
  });

  it('refuses a retired agent, a suspended bot, a hidden agent and a bot that does not play the game', async () => {
    const id = await tournament();
    const retired = await insertOwnedAgent(t.db, owner.userId, 'custom');
    await t.db.query('update agents set retired_at = now() where id = $1', [retired]);
    await expectRefusal(() => enter(id, retired), 409, 'This agent is retired.');
    const suspended = await insertOwnedAgent(t.db, owner.userId, 'bot');
    await t.db.query('update bots set suspended_at = now() where agent_id = $1', [suspended]);
    await expectRefusal(() => enter(id, suspended), 409, 'This agent is suspended.');
    const hidden = await insertOwnedAgent(t.db, owner.userId, 'custom');
    await t.db.query('update agents set hidden = true where id = $1', [hidden]);
    await expectRefusal(() => enter(id, hidden), 409, 'This agent is suspended.');
    // insertOwnedAgent's bots play Connect Four only.
    const bot = await insertOwnedAgent(t.db, owner.userId, 'bot');
    const othello = await tournament({ game: 'othello' });
    await expectRefusal(() => enter(othello, bot), 409, 'This agent does not play othello.');
  });

  it('refuses the same entrant twice, a full field, and too low a balance', async () => {
    const id = await tournament({ entrantLimit: 2 });
    expect((await enter(id, agentId)).statusCode).toBe(201);
    await expectRefusal(() => enter(id, agentId), 409, 'This agent is already entered.');
    const second = await insertOwnedAgent(t.db, other.userId, 'custom');
    expect((await enter(id, second, other.cookie)).statusCode).toBe(201);
    const third = await insertOwnedAgent(t.db, other.userId, 'custom');
    await expectRefusal(() => enter(id, third, other.cookie), 409, 'This tournament is full.');
    const dear = await tournament({ entryFee: 5_000 });
    await expectRefusal(
      () => enter(dear, agentId),
      400,
      'Your balance is too low for the entry fee.',
    );
  });

  it('refuses entries and withdrawals once the start has come, and entries to a cancelled tournament', async () => {
    const startsAt = new Date(t.clock.now() + HOUR_MS);
    const id = await tournament({ startsAt });
    expect((await enter(id, agentId)).statusCode).toBe(201);
    const late = await insertOwnedAgent(t.db, owner.userId, 'custom');
    t.clock.advance(HOUR_MS);
    await expectRefusal(() => enter(id, late), 409, 'Entry closed when the tournament started.');
    await expectRefusal(
      () => call('DELETE', `/api/tournaments/${id}/entrants/${agentId}`, owner.cookie),
      409,
      'Withdrawing closed when the tournament started.',
    );
    const live = await tournament({ status: 'live' });
    await expectRefusal(() => enter(live, late), 409, 'Entry closed when the tournament started.');
    const cancelled = await tournament({ status: 'cancelled' });
    await expectRefusal(() => enter(cancelled, late), 409, 'This tournament was cancelled.');
    await expectRefusal(
      () => call('DELETE', `/api/tournaments/${cancelled}/entrants/${late}`, owner.cookie),
      404,
      'This agent is not entered in this tournament.',
    );
  });
});
