import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeliveryChannel, OutgoingNotice } from '#server/delivery/channel.ts';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import {
  createTestBrowserKeys,
  type LocalPushService,
  startLocalPushService,
  verifyVapidAuthorization,
} from '#server/testing/localPushService.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { createPushChannel } from './pushChannel.ts';
import { vapidSubject } from './vapidSubject.ts';

const SUBJECT = 'mailto:ops@gridmind.example';

describe.each(testDatabaseKinds())('the push channel on %s', (kind) => {
  let t: TestApp;
  let pushService: LocalPushService;
  let channel: DeliveryChannel;
  let retryAfter = '120';
  let serviceHosts: string[];
  beforeAll(async () => {
    // The push service's answer by the endpoint's path: gone, busy, down, or accepted.
    pushService = await startLocalPushService((path) => {
      if (path.startsWith('/gone')) return { status: 410 };
      if (path.startsWith('/busy')) return { status: 429, headers: { 'retry-after': retryAfter } };
      if (path.startsWith('/down')) return { status: 503 };
      return { status: 201 };
    });
    // The stand-in, and a port nothing listens on, are the push services this app knows.
    serviceHosts = [new URL(pushService.origin).host, 'localhost:1'];
    t = await createTestApp(kind, { PUSH_SERVICE_HOSTS: serviceHosts.join(',') });
    channel = createPushChannel({
      db: t.db,
      subject: SUBJECT,
      now: t.clock.now,
      serviceHosts,
      agent: pushService.agent,
    });
  });
  afterAll(async () => {
    await pushService.close();
    await t.close();
  });

  /** A signed-in user whose browser subscribed at `path` of the local push service. */
  async function subscribedUser(path: string) {
    const [user] = await signInUsers(t.app, 1);
    const browser = createTestBrowserKeys();
    const endpoint = `${pushService.origin}${path}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: user?.cookie ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ endpoint, keys: { p256dh: browser.p256dh, auth: browser.auth } }),
    });
    expect(response.statusCode).toBe(204);
    return { userId: user?.userId ?? '', browser, endpoint };
  }
  const notice = (userId: string, key = 'match-announced:m1'): OutgoingNotice => ({
    key,
    userId,
    title: 'Connect Four: Rook vs Knight',
    body: 'Betting closes in 30 s.',
    path: '/watch/m1',
  });
  const subscriptionCount = async (endpoint: string) =>
    (await t.db.query('select 1 from push_subscriptions where endpoint = $1', [endpoint])).rows
      .length;

  it('sends an aes128gcm push, signed with the stored VAPID key, that the browser decrypts', async () => {
    const { userId, browser, endpoint } = await subscribedUser('/ok/device-a');
    const before = pushService.received.length;
    expect(await channel.send(notice(userId))).toEqual({ kind: 'sent' });
    const pushes = pushService.received.slice(before);
    expect(pushes).toHaveLength(1);
    const [push] = pushes;
    expect(push?.path).toBe('/ok/device-a');
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push?.headers.ttl)).toBeGreaterThan(0);
    expect(push?.headers.urgency).toBe('normal');
    expect(push?.headers.topic).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const { publicKey } = (await t.app.inject({ url: '/api/push/key' })).json() as {
      publicKey: string;
    };
    const claims = verifyVapidAuthorization(push?.headers.authorization as string, publicKey);
    expect(claims).toMatchObject({ aud: new URL(endpoint).origin, sub: SUBJECT, k: publicKey });
    expect(JSON.parse(browser.decrypt(push?.body ?? Buffer.alloc(0)))).toEqual({
      key: 'match-announced:m1',
      title: 'Connect Four: Rook vs Knight',
      body: 'Betting closes in 30 s.',
      path: '/watch/m1',
    });
  });

  it('drops a subscription its push service calls gone (410)', async () => {
    const gone = await subscribedUser('/gone/device-b');
    expect(await channel.send(notice(gone.userId))).toEqual({ kind: 'no-recipient' });
    expect(await subscriptionCount(gone.endpoint)).toBe(0);
    expect(await channel.send(notice(gone.userId))).toEqual({ kind: 'no-recipient' });
  });

  it('asks to retry after a 429 as its Retry-After says, in seconds or as a date', async () => {
    const { userId, endpoint } = await subscribedUser('/busy/device-c');
    retryAfter = '120';
    expect(await channel.send(notice(userId))).toMatchObject({ kind: 'retry', afterMs: 120_000 });
    retryAfter = new Date(t.clock.now() + 90_000).toUTCString();
    expect(await channel.send(notice(userId))).toMatchObject({ kind: 'retry', afterMs: 90_000 });
    expect(await subscriptionCount(endpoint)).toBe(1);
  });

  it('asks to retry after a 5xx, and when the push service cannot be reached', async () => {
    const down = await subscribedUser('/down/device-d');
    expect(await channel.send(notice(down.userId))).toMatchObject({ kind: 'retry' });
    const unreachable = await subscribedUser('/ok/device-e');
    await t.db.query('update push_subscriptions set endpoint = $1 where endpoint = $2', [
      'https://localhost:1/ok/device-e',
      unreachable.endpoint,
    ]);
    expect(await channel.send(notice(unreachable.userId))).toMatchObject({ kind: 'retry' });
  });

  it('sends nothing to a device whose push service is no longer on the list, and keeps its row', async () => {
    const { userId, endpoint } = await subscribedUser('/ok/device-g');
    const narrower = createPushChannel({
      db: t.db,
      subject: SUBJECT,
      now: t.clock.now,
      serviceHosts: ['fcm.googleapis.com'],
      agent: pushService.agent,
    });
    const before = pushService.received.length;
    expect(await narrower.send(notice(userId))).toEqual({
      kind: 'failed',
      reason: 'the endpoint is not on a known push service',
    });
    expect(pushService.received).toHaveLength(before);
    expect(await subscriptionCount(endpoint)).toBe(1);
    expect(await channel.send(notice(userId))).toEqual({ kind: 'sent' });
    expect(pushService.received).toHaveLength(before + 1);
  });

  it('says no-recipient for a user with no device, and fails a notice that cannot be a push', async () => {
    const [user] = await signInUsers(t.app, 1);
    expect(await channel.send(notice(user?.userId ?? ''))).toEqual({ kind: 'no-recipient' });
    const { userId } = await subscribedUser('/ok/device-f');
    expect(await channel.send({ ...notice(userId), path: 'https://elsewhere.example/' })).toEqual({
      kind: 'failed',
      reason: 'the notice cannot be a push',
    });
  });
});

describe('the VAPID subject', () => {
  it('is PUSH_SUBJECT, else an https APP_ORIGIN, else a mailto: at its host', () => {
    const origin = 'https://gridmind.example';
    expect(vapidSubject({ PUSH_SUBJECT: SUBJECT, APP_ORIGIN: origin })).toBe(SUBJECT);
    expect(vapidSubject({ PUSH_SUBJECT: undefined, APP_ORIGIN: origin })).toBe(origin);
    expect(vapidSubject({ PUSH_SUBJECT: undefined, APP_ORIGIN: 'http://localhost:8080' })).toBe(
      'mailto:push@localhost',
    );
  });
});
