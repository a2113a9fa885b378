import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { PUSH_DEVICES_PER_USER } from './subscriptionStore.ts';

const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) };

describe.each(testDatabaseKinds())('/api/push on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The tests' devices are on push.example; the default list (the browsers' services) is
    // checked on an app of its own below.
    t = await createTestApp(kind, { PUSH_SERVICE_HOSTS: 'push.example' });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'DELETE', cookie: string, body: unknown) =>
    t.app.inject({
      method,
      url: '/api/push/subscriptions',
      headers: { cookie, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const endpointsOf = async (userId: string) =>
    (
      await t.db.query<{ endpoint: string }>(
        'select endpoint from push_subscriptions where user_id = $1 order by endpoint',
        [userId],
      )
    ).rows.map((row) => row.endpoint);

  it('gives the VAPID public key, the same from a second app on the same database', async () => {
    const first = await t.app.inject({ url: '/api/push/key' });
    expect(first.statusCode).toBe(200);
    const { publicKey } = first.json() as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const [second, third] = await Promise.all([
      createTestApp(kind, {}, t.db),
      createTestApp(kind, {}, t.db),
    ]);
    try {
      for (const other of [second, third]) {
        expect((await other?.app.inject({ url: '/api/push/key' }))?.json()).toEqual({ publicKey });
      }
      const { rows } = await t.db.query('select 1 from push_vapid_keys');
      expect(rows).toHaveLength(1);
    } finally {
      await Promise.all([second?.close(), third?.close()]);
    }
  });

  it('keeps a signed-in device, replaces it when it subscribes again, forgets it on delete', async () => {
    const [user, other] = await signInUsers(t.app, 2);
    const cookie = user?.cookie ?? '';
    const endpoint = 'https://push.example/send/device-1';
    expect(
      (await send('POST', cookie, { endpoint, expirationTime: null, keys: KEYS })).statusCode,
    ).toBe(204);
    const renewed = { p256dh: `B${'Q'.repeat(86)}`, auth: `${'Q'.repeat(22)}==` };
    expect((await send('POST', cookie, { endpoint, keys: renewed })).statusCode).toBe(204);
    const { rows } = await t.db.query(
      'select p256dh, auth from push_subscriptions where endpoint = $1',
      [endpoint],
    );
    expect(rows).toEqual([{ p256dh: renewed.p256dh, auth: 'Q'.repeat(22) }]);
    // Another user cannot remove someone else's device.
    expect((await send('DELETE', other?.cookie ?? '', { endpoint })).statusCode).toBe(204);
    expect(await endpointsOf(user?.userId ?? '')).toEqual([endpoint]);
    expect((await send('DELETE', cookie, { endpoint })).statusCode).toBe(204);
    expect(await endpointsOf(user?.userId ?? '')).toEqual([]);
  });

  it(`keeps ${PUSH_DEVICES_PER_USER} devices a user, dropping the oldest`, async () => {
    const [user] = await signInUsers(t.app, 1);
    for (let device = 0; device <= PUSH_DEVICES_PER_USER; device++) {
      t.clock.advance(1000);
      const endpoint = `https://push.example/send/cap-${String(device).padStart(2, '0')}`;
      expect((await send('POST', user?.cookie ?? '', { endpoint, keys: KEYS })).statusCode).toBe(
        204,
      );
    }
    const kept = await endpointsOf(user?.userId ?? '');
    expect(kept).toHaveLength(PUSH_DEVICES_PER_USER);
    expect(kept).not.toContain('https://push.example/send/cap-00');
    expect(kept).toContain(`https://push.example/send/cap-${PUSH_DEVICES_PER_USER}`);
  });

  it('refuses visitors and malformed subscriptions with a sentence', async () => {
    const endpoint = 'https://push.example/send/x';
    expect((await send('POST', '', { endpoint, keys: KEYS })).statusCode).toBe(401);
    const [user] = await signInUsers(t.app, 1);
    const cookie = user?.cookie ?? '';
    for (const [body, message] of [
      [{ endpoint: 'http://push.example/x', keys: KEYS }, 'endpoint must be an https URL.'],
      [
        { endpoint, keys: { ...KEYS, p256dh: `B${'A'.repeat(40)}` } },
        'p256dh must be a base64url P-256 public key (65 bytes).',
      ],
      [
        { endpoint, keys: { ...KEYS, auth: 'A'.repeat(21) } },
        'auth must be a base64url secret of 16 bytes.',
      ],
    ] as const) {
      const response = await send('POST', cookie, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().issues[0].message).toBe(message);
    }
  });

  it('refuses an endpoint on a host that is not a known push service, with a sentence', async () => {
    const browsersOnly = await createTestApp(kind, {}, t.db);
    try {
      const [user] = await signInUsers(browsersOnly.app, 1);
      const subscribe = (endpoint: string) =>
        browsersOnly.app.inject({
          method: 'POST',
          url: '/api/push/subscriptions',
          headers: { cookie: user?.cookie ?? '', 'content-type': 'application/json' },
          payload: JSON.stringify({ endpoint, keys: KEYS }),
        });
      for (const endpoint of [
        'https://push.example/send/x',
        'https://169.254.169.254/latest/meta-data/',
        'https://127.0.0.1:5432/',
        'https://fcm.googleapis.com:8443/fcm/send/x',
      ]) {
        const response = await subscribe(endpoint);
        expect(response.statusCode, endpoint).toBe(400);
        expect(response.json().error).toBe(
          "This browser's push service is not one Gridmind sends to; notifications cannot be turned on here.",
        );
      }
      expect(await endpointsOf(user?.userId ?? '')).toEqual([]);
      const fcm = 'https://fcm.googleapis.com/fcm/send/device-1';
      expect((await subscribe(fcm)).statusCode).toBe(204);
      expect(await endpointsOf(user?.userId ?? '')).toEqual([fcm]);
    } finally {
      await browsersOnly.close();
    }
  });
});
