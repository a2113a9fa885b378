import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import {
  createTestBrowserKeys,
  type LocalPushService,
  type ReceivedPush,
  startLocalPushService,
  type TestBrowserKeys,
} from '#server/testing/localPushService.ts';
import { LOCAL_TLS_CERTIFICATE } from '#server/testing/localTlsCertificate.ts';
import { until } from '#server/testing/multiProcess.ts';
import {
  createScratchDatabase,
  type ServerProcess,
  startServerProcess,
  stopServerProcess,
} from '#server/testing/serverProcess.ts';

/** Short, so the surviving process takes the dead one's claims over in a couple of seconds. */
const LEASE_MS = 2_000;
const DEVICES = 4;

// Issue 48's proof of the outbox's guarantee: a process SIGKILLed while its pushes are in flight
// (the push service has them and has not answered) loses none of them; another process sends
// each again once the lease lapses. "Again" is what at-least-once means for Web Push: a push the
// service took just before the kill may reach the device twice, and both carry the same `Topic`
// (and the service worker's tag, the notice's key), so the device shows one notification.
describe.skipIf(!process.env.TEST_DATABASE_URL)('a process killed mid-delivery', () => {
  const servers: ServerProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const server of servers.splice(0)) await stopServerProcess(server, 'SIGKILL');
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('loses no push: another process sends each one after the lease', async () => {
    const scratch = await createScratchDatabase(
      process.env.TEST_DATABASE_URL!,
      'gridmind_pushkill',
    );
    cleanups.push(scratch.drop);
    const db: Database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    cleanups.push(() => db.close());
    await migrate(db);

    // The push service holds every answer until the sender is dead.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pushService: LocalPushService = await startLocalPushService(async () => {
      await held;
      return { status: 201 };
    });
    cleanups.push(pushService.close);
    // The spawned servers trust the stand-in's certificate as the test's own agent does.
    const caDir = await mkdtemp(join(tmpdir(), 'gridmind-ca-'));
    cleanups.push(() => rm(caDir, { recursive: true, force: true }));
    await writeFile(join(caDir, 'local.pem'), LOCAL_TLS_CERTIFICATE);

    // Admins, each with one device: a failed ledger check is told to every admin.
    const browsers = new Map<string, TestBrowserKeys>();
    const userIds: string[] = [];
    for (let index = 0; index < DEVICES; index++) {
      const { rows } = await db.query<{ id: string }>(
        `insert into users (address, nickname, is_admin) values ($1, $2, true) returning id::text`,
        [`0x${randomBytes(20).toString('hex')}`, `admin${index}`],
      );
      const userId = rows[0]?.id ?? '';
      userIds.push(userId);
      const browser = createTestBrowserKeys();
      browsers.set(`/device/${index}`, browser);
      await db.query(
        `insert into push_subscriptions (endpoint, user_id, p256dh, auth, created_at)
         values ($1, $2, $3, $4, now())`,
        [`${pushService.origin}/device/${index}`, userId, browser.p256dh, browser.auth],
      );
    }

    const env = {
      DATABASE_URL: scratch.url,
      LIVE_MATCHES: '0',
      NOTIFICATION_LEASE_MS: String(LEASE_MS),
      NODE_EXTRA_CA_CERTS: join(caDir, 'local.pem'),
      // The stand-in is the one push service these processes may send to.
      PUSH_SERVICE_HOSTS: new URL(pushService.origin).host,
    };
    const a = await startServerProcess(env);
    servers.push(a);
    await recordNotificationEvents(
      db,
      [{ kind: 'ledger-check', subjectId: 'ledger', actorId: null, payload: {} }],
      new Date(),
    );
    // A claims the deliveries and its pushes reach the service, which holds its answers: every
    // push A claimed is in flight, none answered.
    await until('A to send the pushes it claimed', async () => {
      const { rows } = await db.query<{ claimed: number }>(
        `select count(*)::int as claimed from notification_deliveries
         where status = 'pending' and lease_until is not null`,
      );
      const claimed = rows[0]?.claimed ?? 0;
      return claimed > 0 && pushService.received.length >= claimed ? true : null;
    });
    await stopServerProcess(a, 'SIGKILL');
    const inFlight = pushService.received.length;
    expect(inFlight).toBeGreaterThan(0);
    release();

    const b = await startServerProcess(env);
    servers.push(b);
    const deliveries = await until('B to deliver every notification', async () => {
      const { rows } = await db.query<{ key: string; status: string; attempts: number }>(
        `select key, status, attempts from notification_deliveries where user_id = any($1::uuid[])
         order by key`,
        [userIds],
      );
      return rows.length === DEVICES && rows.every((row) => row.status !== 'pending') ? rows : null;
    });
    // Every admin's notification was sent, none lost; those A had in flight were sent twice.
    expect(deliveries.map((row) => row.status)).toEqual(Array(DEVICES).fill('sent'));
    expect(deliveries.filter((row) => row.attempts === 2)).toHaveLength(inFlight);

    const byDevice = new Map<string, ReceivedPush[]>();
    for (const push of pushService.received) {
      byDevice.set(push.path, [...(byDevice.get(push.path) ?? []), push]);
    }
    expect([...byDevice.keys()].sort()).toEqual([...browsers.keys()].sort());
    const twice = [...byDevice.values()].filter((pushes) => pushes.length === 2);
    expect(twice).toHaveLength(inFlight);
    for (const [path, pushes] of byDevice) {
      const browser = browsers.get(path);
      const payloads = pushes.map((push) => JSON.parse(browser?.decrypt(push.body) ?? '{}'));
      // The same notice both times: one key (the service worker's tag) and one Topic.
      expect(new Set(payloads.map((payload) => payload.key)).size).toBe(1);
      expect(new Set(pushes.map((push) => push.headers.topic)).size).toBe(1);
      expect(deliveries.map((row) => row.key)).toContain(payloads[0]?.key);
    }
  }, 120_000);
});
