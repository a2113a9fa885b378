import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUsersResponseSchema, NOT_AN_ADDRESS_SEARCH } from '#core/protocol/adminUsers.ts';
import { meSchema } from '#core/protocol/auth.ts';
import { STARTING_BALANCE } from '#server/db/stores/userStore.ts';
import { createTestWallet, signIn } from '#server/testing/signIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('users on %s', (kind) => {
  const admin = createTestWallet();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      ADMIN_ADDRESSES: admin.address,
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string, cookie = '') => t.app.inject({ url, headers: { cookie } });

  it('answers /api/me with 401 for a visitor', async () => {
    const response = await get('/api/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Not signed in' });
  });

  it('creates the user at first sign-in with a nickname and 1,000 points, once', async () => {
    const wallet = createTestWallet();
    const first = meSchema.parse((await get('/api/me', await signIn(t.app, wallet))).json());
    expect(STARTING_BALANCE).toBe(1000n);
    expect(first).toEqual({
      userId: expect.any(String),
      address: getAddress(wallet.address),
      userInfo: {
        nickname: expect.stringMatching(/^[A-Z][a-z]+[A-Z][a-z]+\d{4}$/),
        balance: 1000,
        isAdmin: false,
      },
    });
    const second = (await get('/api/me', await signIn(t.app, wallet))).json();
    expect(second).toEqual(first);
  });

  it('gives different users different nicknames', async () => {
    const nicknames = new Set<string>();
    for (let user = 0; user < 5; user++) {
      const me = (await get('/api/me', await signIn(t.app))).json();
      nicknames.add(me.userInfo.nickname);
    }
    expect(nicknames.size).toBe(5);
  });

  it('marks ADMIN_ADDRESSES as admins, checked case-insensitively', async () => {
    const me = (await get('/api/me', await signIn(t.app, admin))).json();
    expect(me.userInfo.isAdmin).toBe(true);
  });

  it('refuses the admin API to visitors (401) and users (403), serves admins (200)', async () => {
    const user = createTestWallet();
    const userCookie = await signIn(t.app, user);
    expect((await get('/api/admin/users')).statusCode).toBe(401);
    expect((await get('/api/admin/users', userCookie)).statusCode).toBe(403);
    const response = await get(
      `/api/admin/users?query=${user.address.slice(2, 12)}`,
      await signIn(t.app, admin),
    );
    expect(response.statusCode).toBe(200);
    expect(adminUsersResponseSchema.parse(response.json()).users).toEqual([
      expect.objectContaining({
        address: user.address.toLowerCase(),
        balance: '1000',
        isAdmin: false,
      }),
    ]);
  });

  it('finds a user by their whole address, written in any case, with or without 0x', async () => {
    const user = createTestWallet();
    await signIn(t.app, user);
    const adminCookie = await signIn(t.app, admin);
    const checksummed = getAddress(user.address);
    for (const search of [checksummed, checksummed.slice(2), user.address.toUpperCase().slice(2)]) {
      const response = await get(
        `/api/admin/users?query=${encodeURIComponent(search)}`,
        adminCookie,
      );
      expect(response.statusCode).toBe(200);
      expect(
        adminUsersResponseSchema.parse(response.json()).users.map((row) => row.address),
      ).toEqual([user.address.toLowerCase()]);
    }
  });

  it('answers a search that reads as an address but is not one with 400 and the reason', async () => {
    const adminCookie = await signIn(t.app, admin);
    const address = createTestWallet().address;
    // One digit short, one too many, a non-hex digit, and the shortened form the UI displays.
    const malformed = [
      address.slice(0, -1),
      `${address}0`,
      `${address.slice(0, -1)}g`,
      `${address.slice(0, 14)}…${address.slice(-12)}`,
    ];
    for (const search of malformed) {
      const response = await get(
        `/api/admin/users?query=${encodeURIComponent(search)}`,
        adminCookie,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: 'Invalid request',
        issues: [{ path: 'query', message: NOT_AN_ADDRESS_SEARCH }],
      });
    }
    // A short text starting with 0x can be a nickname or part of an address: searched, not refused.
    expect((await get('/api/admin/users?query=0xCafe', adminCookie)).statusCode).toBe(200);
  });

  it('makes an admin of an ADMIN_ADDRESSES entry written without 0x', async () => {
    const wallet = createTestWallet();
    const withoutPrefix = await createTestApp(
      kind,
      { ADMIN_ADDRESSES: wallet.address.slice(2), AUTH_RATE_LIMIT_PER_MINUTE: '100000' },
      t.db,
    );
    try {
      const cookie = await signIn(withoutPrefix.app, wallet);
      const me = await withoutPrefix.app.inject({ url: '/api/me', headers: { cookie } });
      expect(meSchema.parse(me.json()).userInfo.isAdmin).toBe(true);
    } finally {
      await withoutPrefix.close();
    }
  });

  it('re-applies ADMIN_ADDRESSES at each sign-in', async () => {
    const demoted = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, t.db);
    try {
      const cookie = await signIn(demoted.app, admin);
      expect(
        (await demoted.app.inject({ url: '/api/me', headers: { cookie } })).json().userInfo.isAdmin,
      ).toBe(false);
      expect(
        (await demoted.app.inject({ url: '/api/admin/users', headers: { cookie } })).statusCode,
      ).toBe(403);
    } finally {
      await demoted.close();
    }
  });
});
