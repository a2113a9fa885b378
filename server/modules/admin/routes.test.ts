import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersResponseSchema, USER_SEARCH_TOO_SHORT } from '#core/protocol/adminUsers.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('the admin user search on %s', (kind) => {
  const admin = createTestWallet();
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_ADDRESSES: admin.address,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
    adminCookie = await signIn(t.app, admin);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A user signed in under `nickname`, whose address is returned lowercased as stored. */
  async function userNamed(nickname: string): Promise<string> {
    const wallet = createTestWallet();
    const cookie = await signIn(t.app, wallet);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/profile',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ nickname }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    return wallet.address.toLowerCase();
  }

  async function search(query: string) {
    const response = await t.app.inject({
      url: `/api/admin/users?query=${encodeURIComponent(query)}`,
      headers: { cookie: adminCookie },
    });
    expect(response.statusCode, response.body).toBe(200);
    return adminUsersResponseSchema.parse(response.json()).users;
  }

  it('finds a nickname by any part of it, in any case, newest first', async () => {
    const run = randomBytes(3).toString('hex');
    const older = await userNamed(`Quokka${run}a`);
    const newer = await userNamed(`quokka${run}b`);
    const found = await search(`OKKA${run.toUpperCase()}`);
    expect(found.map((user) => user.address)).toEqual([newer, older]);
    expect((await search(`${run}b`)).map((user) => user.address)).toEqual([newer]);
  });

  it('finds an address by a part from its middle', async () => {
    const address = await userNamed(`Mid${randomBytes(3).toString('hex')}`);
    const found = await search(address.slice(11, 19).toUpperCase());
    expect(found.map((user) => user.address)).toContain(address);
  });

  it('reads % and _ as themselves, not as wildcards', async () => {
    const run = randomBytes(3).toString('hex');
    const underscored = await userNamed(`Under_${run}`);
    await userNamed(`Underx${run}`);
    expect((await search(`r_${run}`)).map((user) => user.address)).toEqual([underscored]);
    expect(await search('%%%')).toEqual([]);
  });

  it('lists the newest users without a search', async () => {
    const newest = await userNamed(`Newest${randomBytes(3).toString('hex')}`);
    const listed = await search('');
    expect(listed[0]?.address).toBe(newest);
    const times = listed.map((user) => Date.parse(user.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('refuses one or two characters with 400 and the reason', async () => {
    for (const query of ['a', '0x', ' zq ']) {
      const response = await t.app.inject({
        url: `/api/admin/users?query=${encodeURIComponent(query)}`,
        headers: { cookie: adminCookie },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid request',
        issues: [{ path: 'query', message: USER_SEARCH_TOO_SHORT }],
      });
    }
  });
});
