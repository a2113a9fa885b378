import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '#core/protocol/notifications.ts';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('/api/notifications on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const post = (url: string, cookie: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{}',
    });

  async function notify(userId: string, count: number) {
    for (let index = 1; index <= count; index++) {
      await t.db.query(
        `insert into notifications (user_id, kind, title, body, path, created_at)
         values ($1, 'bet-settled', $2, 'You won.', '/games', now())`,
        [userId, `Notice ${index}`],
      );
    }
  }

  it('lists newest first in pages, counts unread, and marks one and all read', async () => {
    const [user, other] = await signInUsers(t.app, 2);
    await notify(user!.userId, 12);
    await notify(other!.userId, 1);
    const first = notificationPageSchema.parse(
      (await get('/api/notifications?limit=10', user!.cookie)).json(),
    );
    expect(first.notifications.map((n) => n.title)).toEqual(
      Array.from({ length: 10 }, (_, index) => `Notice ${12 - index}`),
    );
    const second = notificationPageSchema.parse(
      (await get(`/api/notifications?limit=10&before=${first.nextCursor}`, user!.cookie)).json(),
    );
    expect(second).toMatchObject({ nextCursor: null });
    expect(second.notifications.map((n) => n.title)).toEqual(['Notice 2', 'Notice 1']);

    expect((await get('/api/notifications/unread', user!.cookie)).json()).toEqual({ unread: 12 });
    const newest = first.notifications[0]!;
    const one = await post(`/api/notifications/${newest.id}/read`, user!.cookie);
    expect(one.json()).toEqual({ unread: 11 });
    // Someone else's notification is not theirs to read.
    expect((await post(`/api/notifications/${newest.id}/read`, other!.cookie)).statusCode).toBe(
      404,
    );
    expect((await post('/api/notifications/read-all', user!.cookie)).json()).toEqual({ unread: 0 });
    expect((await get('/api/notifications/unread', other!.cookie)).json()).toEqual({ unread: 1 });
    const read = notificationPageSchema.parse(
      (await get('/api/notifications', user!.cookie)).json(),
    );
    expect(read.notifications.every((n) => n.read)).toBe(true);
  });

  it('keeps preferences with their defaults, and refuses an unknown kind', async () => {
    const [user] = await signInUsers(t.app, 1);
    const defaults = (await get('/api/notifications/preferences', user!.cookie)).json();
    expect(defaults.preferences).toMatchObject({ commission: false, 'bet-settled': true });
    const put = (body: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/notifications/preferences',
        headers: { cookie: user!.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    const changed = await put({ preferences: { commission: true, 'bet-settled': false } });
    expect(changed.json().preferences).toMatchObject({ commission: true, 'bet-settled': false });
    expect((await put({ preferences: { everything: true } })).statusCode).toBe(400);
    expect((await get('/api/notifications', '')).statusCode).toBe(401);
  });
});
