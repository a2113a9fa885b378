import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  insertHouseAgents,
  insertMatch,
  postBet,
  signInUsers,
} from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { insertTournament } from '#server/testing/tournamentFixtures.ts';
import { ledgerHealth } from './ledgerHealth.ts';

// Ten suites trust `agrees`; here each kind of damage is made by hand and must be reported.
describe.each(testDatabaseKinds())('ledgerHealth on %s', (kind) => {
  let t: TestApp;
  let bettorId: string;
  beforeEach(async () => {
    t = await createTestApp(kind);
    await insertHouseAgents(t.db);
    const [bettor] = await signInUsers(t.app, 2);
    bettorId = bettor?.userId ?? '';
    const matchId = await insertMatch(t.db, ['house-a', 'house-b']);
    const bet = await postBet(t.app, bettor?.cookie ?? '', {
      matchId,
      side: 'first',
      amount: 300,
      idempotencyKey: 'health-1',
    });
    expect(bet.statusCode).toBe(201);
  });
  afterEach(() => t.close());

  it('agrees on a sound ledger: two welcome grants, one open bet', async () => {
    expect(await ledgerHealth(t.db)).toEqual({
      granted: 2000,
      balances: 1700,
      openStakes: 300,
      heldEntryFees: 0,
      house: 0,
      agrees: true,
      mismatchedUsers: 0,
    });
  });

  it('reports a balance changed without a ledger row', async () => {
    await t.db.query('update users set balance = balance + 50 where id = $1', [bettorId]);
    expect(await ledgerHealth(t.db)).toMatchObject({
      balances: 1750,
      agrees: false,
      mismatchedUsers: 1,
    });
  });

  it('reports a house row that came from nowhere', async () => {
    await t.db.query(
      `insert into ledger_entries (account, amount, kind, reason)
       values ('house', 25, 'commission', 'stray')`,
    );
    expect(await ledgerHealth(t.db)).toMatchObject({
      house: 25,
      agrees: false,
      mismatchedUsers: 0,
    });
  });

  it('reports an entry fee held by a tournament that no balance paid, and not once it is cancelled', async () => {
    const tournamentId = await insertTournament(t.db, { startsAt: new Date() });
    await t.db.query(
      `insert into tournament_entrants (tournament_id, agent_id, entered_by, fee_paid, entered_at)
       values ($1, 'house-a', $2, 40, now())`,
      [tournamentId, bettorId],
    );
    expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 40, agrees: false });
    await t.db.query(`update tournaments set status = 'cancelled' where id = $1`, [tournamentId]);
    expect(await ledgerHealth(t.db)).toMatchObject({ heldEntryFees: 0, agrees: true });
  });

  it('reports a ledger row rewritten behind the append-only trigger', async () => {
    await t.db.query('alter table ledger_entries disable trigger ledger_entries_no_update');
    await t.db.query(
      `update ledger_entries set amount = 900 where user_id = $1 and kind = 'welcome'`,
      [bettorId],
    );
    expect(await ledgerHealth(t.db)).toMatchObject({
      granted: 1900,
      agrees: false,
      mismatchedUsers: 1,
    });
  });

  it('reports a settlement that marks the bet won but pays nothing', async () => {
    await t.db.query(
      `update bets set status = 'won', payout = 300, settled_at = now() where user_id = $1`,
      [bettorId],
    );
    expect(await ledgerHealth(t.db)).toMatchObject({
      openStakes: 0,
      agrees: false,
      mismatchedUsers: 0,
    });
  });

  it('reports a settlement that pays the balance without its ledger row', async () => {
    // the totals balance (2000 = 2000 + 0 + 0); only the bettor's own rows give it away
    await t.db.query(
      `update bets set status = 'won', payout = 300, settled_at = now() where user_id = $1`,
      [bettorId],
    );
    await t.db.query('update users set balance = balance + 300 where id = $1', [bettorId]);
    expect(await ledgerHealth(t.db)).toMatchObject({
      granted: 2000,
      balances: 2000,
      openStakes: 0,
      agrees: false,
      mismatchedUsers: 1,
    });
  });
});
