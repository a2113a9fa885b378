import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerHealth } from '#server/db/stores/ledgerHealth.ts';
import {
  insertHouseAgents,
  insertOwnedAgent,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';
import { settleTournament } from './settleTournament.ts';

describe.each(testDatabaseKinds())('tournament settlement on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await insertHouseAgents(t.db);
  });
  afterAll(() => t.close());

  /**
   * A live tournament (house prize 100, table 70:30 from the fixture) with two users' agents
   * entered through the API (fee 25 each) and the built-in house-a (fee-free): a pool of 150.
   */
  async function liveTournament() {
    const id = await insertTournament(t.db, {
      startsAt: new Date(t.clock.now() + 60_000),
      entryFee: 25,
      housePrize: 100,
    });
    const users = await signInUsers(t.app, 2);
    const agents: string[] = [];
    for (const user of users) {
      const agentId = await insertOwnedAgent(t.db, user.userId, 'custom');
      const entered = await t.app.inject({
        method: 'POST',
        url: `/api/tournaments/${id}/entrants`,
        headers: { cookie: user.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ agentId }),
      });
      expect(entered.statusCode).toBe(201);
      agents.push(agentId);
    }
    await t.db.query(
      `insert into tournament_entrants (tournament_id, agent_id, fee_paid, entered_at)
       values ($1, 'house-a', 0, now())`,
      [id],
    );
    await t.db.query(`update tournaments set status = 'live' where id = $1`, [id]);
    return { id, users, agents: agents as [string, string] };
  }

  const balanceOf = async (userId: string) => {
    const { rows } = await t.db.query<{ balance: string }>(
      'select balance::text as balance from users where id = $1',
      [userId],
    );
    return rows[0]?.balance;
  };
  const houseRows = async (tournamentId: string) => {
    const { rows } = await t.db.query<{ kind: string; amount: string }>(
      `select kind, amount::text as amount from ledger_entries
       where account = 'house' and tournament_id = $1 order by id`,
      [tournamentId],
    );
    return rows.map((row) => `${row.kind} ${row.amount}`);
  };

  it('pays the pool by the table to the winners’ owners and a built-in winner’s share to the house', async () => {
    const { id, users, agents } = await liveTournament();
    const finishers = [
      { id: agents[1], place: 1 },
      { id: 'house-a', place: 2 },
      { id: agents[0], place: 3 },
    ];
    const settled = await t.db.transaction((tx) => settleTournament(tx, id, finishers, new Date()));
    expect(settled?.pool).toBe(150n);
    // 150 by 70:30 is 105 and 45; third place is beyond the table and not paid.
    expect(await balanceOf(users[1]?.userId ?? '')).toBe(String(1000 - 25 + 105));
    expect(await balanceOf(users[0]?.userId ?? '')).toBe(String(1000 - 25));
    expect(await houseRows(id)).toEqual(['house_prize -100', 'prize 45']);
    const { rows } = await t.db.query<{ status: string }>(
      'select status from tournaments where id = $1',
      [id],
    );
    expect(rows[0]?.status).toBe('finished');
    expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 0, agrees: true });

    // Each entrant's page lists the tournament with the place it finished in.
    const placeOf = async (agentId: string) => {
      const reply = await t.app.inject({ url: `/api/agents/${agentId}/tournaments` });
      expect(reply.statusCode).toBe(200);
      const { items } = reply.json<{ items: { tournament: { id: string }; place: number }[] }>();
      return items.find((item) => item.tournament.id === id)?.place;
    };
    expect(await placeOf(agents[1])).toBe(1);
    expect(await placeOf('house-a')).toBe(2);
    expect(await placeOf(agents[0])).toBe(3);
  });

  it('lists an agent’s tournaments newest first, with no place before the end', async () => {
    const agentId = await insertOwnedAgent(
      t.db,
      (await signInUsers(t.app, 1))[0]!.userId,
      'custom',
    );
    const older = await insertTournament(t.db, { startsAt: new Date(t.clock.now() + 60_000) });
    const newer = await insertTournament(t.db, { startsAt: new Date(t.clock.now() + 120_000) });
    for (const id of [older, newer]) {
      await t.db.query(
        `insert into tournament_entrants (tournament_id, agent_id, fee_paid, entered_at)
         values ($1, $2, 0, now())`,
        [id, agentId],
      );
    }
    const reply = await t.app.inject({ url: `/api/agents/${agentId}/tournaments` });
    const { items } = reply.json<{ items: { tournament: { id: string }; place: null }[] }>();
    expect(items.map((item) => [item.tournament.id, item.place])).toEqual([
      [newer, null],
      [older, null],
    ]);
    const nobody = await t.app.inject({ url: '/api/agents/nobody-here/tournaments' });
    expect(nobody.json()).toEqual({ items: [] });
  });

  it('pays exactly once when two settlements race, and never a tournament that is not live', async () => {
    const { id, users, agents } = await liveTournament();
    const finishers = [
      { id: agents[0], place: 1 },
      { id: agents[1], place: 1 },
      { id: 'house-a', place: 3 },
    ];
    const results = await Promise.all(
      [0, 1].map(() => t.db.transaction((tx) => settleTournament(tx, id, finishers, new Date()))),
    );
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    // Tied on first: 150 shared, 75 each.
    for (const user of users) expect(await balanceOf(user.userId)).toBe(String(1000 - 25 + 75));
    expect(await houseRows(id)).toEqual(['house_prize -100']);

    const scheduled = await insertTournament(t.db, { startsAt: new Date(t.clock.now() + 60_000) });
    const none = await t.db.transaction((tx) => settleTournament(tx, scheduled, [], new Date()));
    expect(none).toBeNull();
    expect(await houseRows(scheduled)).toEqual([]);
    expect(await ledgerHealth(t.db)).toMatchObject({ agrees: true });
  });
});
