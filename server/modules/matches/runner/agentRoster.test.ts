import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertHouseAgents, signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { AgentRoster } from './agentRoster.ts';

const traits = { skill: 3, style: 'balanced', risk: 0.2, thinkTimeMs: 200 };

describe.each(testDatabaseKinds())('the runner’s agent roster on %s', (kind) => {
  let t: TestApp;
  let adminCookie: string;
  let cookie: string;
  beforeAll(async () => {
    const admin = createTestWallet();
    t = await createTestApp(kind, { ADMIN_ADDRESSES: admin.address });
    await insertHouseAgents(t.db);
    adminCookie = await signIn(t.app, admin);
    cookie = (await signInUsers(t.app, 1))[0]?.cookie ?? '';
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', url: string, who: string, body?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: who, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
  const ids = async (roster: AgentRoster) => (await roster.current()).agents.map((a) => a.id);

  it('follows agents created, retired, hidden and restored, from their changes alone', async () => {
    const roster = new AgentRoster(t.db);
    const before = await ids(roster);
    expect(before).toEqual(expect.arrayContaining(['house-a', 'house-b']));
    expect(before).toEqual([...before].sort());

    const created = await send('POST', '/api/agents', cookie, { name: 'Roster One', traits });
    expect(created.statusCode).toBe(201);
    const agentId: string = created.json().id;
    expect(await ids(roster)).toContain(agentId);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const { owners } = await roster.current();
    expect(owners.get(agentId)).toBe(me.json().userId);
    expect(owners.has('house-a')).toBe(false);

    expect((await send('DELETE', `/api/agents/${agentId}`, cookie)).statusCode).toBe(200);
    expect(await ids(roster)).not.toContain(agentId);

    const visibility = '/api/admin/agents/house-b/visibility';
    expect((await send('POST', visibility, adminCookie, { hidden: true })).statusCode).toBe(200);
    expect(await ids(roster)).not.toContain('house-b');
    expect((await send('POST', visibility, adminCookie, { hidden: false })).statusCode).toBe(200);
    expect(await ids(roster)).toContain('house-b');
  });

  it('takes a rating change (every match’s end) for no change of the roster', async () => {
    await t.db.query(`update agents set roster_changed_at = now() - interval '1 hour'`);
    await t.db.query(`update agents set rating = rating + 1 where id = 'house-a'`);
    const { rows } = await t.db.query<{ changed: number }>(
      `select count(*)::int as changed from agents where roster_changed_at > now() - interval '1 minute'`,
    );
    expect(rows[0]?.changed).toBe(0);
  });

  // One connection on the embedded database: no transaction can be open across another's read.
  it.runIf(kind === 'postgres')(
    'sees a change committed after a read that began before it',
    async () => {
      const roster = new AgentRoster(t.db);
      await roster.current();

      // An edit whose transaction began before the roster's read and commits after it: stamped
      // with its start, it must not slip behind the read.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let started = () => {};
      const begun = new Promise<void>((resolve) => {
        started = resolve;
      });
      const edit = t.db.transaction(async (tx) => {
        await tx.query(`update agents set hidden = true where id = 'house-a'`);
        started();
        await held;
      });
      await begun;
      expect(await ids(roster)).toContain('house-a');
      release();
      await edit;
      expect(await ids(roster)).not.toContain('house-a');
      await t.db.query(`update agents set hidden = false where id = 'house-a'`);
      expect(await ids(roster)).toContain('house-a');
    },
  );
});
