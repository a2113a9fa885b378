import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import type { OutgoingNotice, SendOutcome } from '#server/delivery/channel.ts';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import { recordingChannel, testWorker } from '#server/testing/notificationTestKit.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

describe.each(testDatabaseKinds())('notification deliveries on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** An admin (a fresh one per test) and a failed ledger check only they hear of. */
  async function adminWithNews(): Promise<string> {
    const [admin] = await signInUsers(t.app, 1);
    // Earlier tests' admins step down, so each test's notice has one recipient.
    await t.db.query('update users set is_admin = (id = $1)', [admin!.userId]);
    await t.db.transaction((tx) =>
      recordNotificationEvents(
        tx,
        [{ kind: 'ledger-check', subjectId: 'ledger', actorId: null, payload: {} }],
        new Date(t.clock.now()),
      ),
    );
    return admin!.userId;
  }

  const statusOf = async (userId: string) =>
    (
      await t.db.query<{ status: string; attempts: number }>(
        'select status, attempts from notification_deliveries where user_id = $1',
        [userId],
      )
    ).rows;

  it('sends a delivery once per channel, and never again once sent', async () => {
    const userId = await adminWithNews();
    const push = recordingChannel();
    const worker = testWorker(t, [push.channel]);
    await worker.pass();
    await worker.pass();
    t.clock.advance(3_600_000);
    await worker.pass();
    expect(push.handed.filter((notice) => notice.userId === userId)).toEqual([
      {
        key: expect.stringMatching(/^[0-9]+:push$/),
        userId,
        title: 'The ledger check failed',
        body: expect.any(String),
        path: '/admin',
      },
    ]);
    expect(await statusOf(userId)).toEqual([{ status: 'sent', attempts: 1 }]);
  });

  it('sends what a dead process claimed once its lease lapses', async () => {
    const userId = await adminWithNews();
    // The first process takes the delivery and dies mid-send: its send never answers.
    let claimed!: () => void;
    const handedToDead = new Promise<void>((resolve) => {
      claimed = resolve;
    });
    const dead = recordingChannel(() => {
      claimed();
      return new Promise<SendOutcome>(() => {});
    });
    void testWorker(t, [dead.channel], { delivery: { leaseMs: 30_000 } }).pass();
    await handedToDead;
    const alive = recordingChannel();
    const survivor = testWorker(t, [alive.channel], { delivery: { leaseMs: 30_000 } });
    await survivor.pass();
    expect(alive.handed.filter((notice) => notice.userId === userId)).toEqual([]);
    t.clock.advance(30_001);
    await survivor.pass();
    const resent = alive.handed.filter((notice) => notice.userId === userId);
    expect(resent.map((notice) => notice.key)).toEqual(
      dead.handed.filter((notice) => notice.userId === userId).map((notice) => notice.key),
    );
    expect(await statusOf(userId)).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it("backs off on a retry, no sooner than the channel's afterMs", async () => {
    const userId = await adminWithNews();
    const answers: SendOutcome[] = [
      { kind: 'retry', afterMs: 60_000, reason: '429 Retry-After: 60' },
      { kind: 'retry', afterMs: 0, reason: '503' },
      { kind: 'sent' },
    ];
    const push = recordingChannel(async (_notice: OutgoingNotice) => answers.shift()!);
    const worker = testWorker(t, [push.channel], {
      delivery: { backoffMs: 5_000, maxBackoffMs: 600_000 },
    });
    const tries = () => push.handed.filter((notice) => notice.userId === userId).length;
    await worker.pass();
    expect(tries()).toBe(1);
    t.clock.advance(59_000);
    await worker.pass();
    expect(tries()).toBe(1);
    t.clock.advance(1_000);
    await worker.pass();
    expect(tries()).toBe(2);
    // The second retry asked for nothing: the backoff's second step, 10 s.
    t.clock.advance(9_000);
    await worker.pass();
    expect(tries()).toBe(2);
    t.clock.advance(1_000);
    await worker.pass();
    expect(tries()).toBe(3);
    expect(await statusOf(userId)).toEqual([{ status: 'sent', attempts: 3 }]);
  });

  it('records a user without a subscription as nothing to do', async () => {
    const userId = await adminWithNews();
    const push = recordingChannel(async () => ({ kind: 'no-recipient' }));
    await testWorker(t, [push.channel]).pass();
    expect(await statusOf(userId)).toEqual([{ status: 'no-recipient', attempts: 1 }]);
  });
});
