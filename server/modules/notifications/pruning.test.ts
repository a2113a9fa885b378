import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordNotificationEvents } from '#server/db/stores/notificationEvents.ts';
import type { SendOutcome } from '#server/delivery/channel.ts';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import { recordingChannel, testWorker } from '#server/testing/notificationTestKit.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

const DAY_MS = 24 * 3_600_000;

describe.each(testDatabaseKinds())('pruning the notifications outbox on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const count = async (sql: string, userId: string) =>
    (await t.db.query<{ count: number }>(sql, [userId])).rows[0]?.count;

  it('keeps each user’s newest notifications and drops old history a batch at a time', async () => {
    const [admin] = await signInUsers(t.app, 1);
    const userId = admin?.userId ?? '';
    await t.db.query('update users set is_admin = (id = $1)', [userId]);
    let answer: SendOutcome = { kind: 'sent' };
    const push = recordingChannel(async () => answer);
    const worker = testWorker(t, [push.channel]);
    // Every pass of this one prunes, two rows a statement at most; a user keeps their newest three.
    const pruner = testWorker(t, [push.channel], {
      prune: { everyMs: 0, batch: 2, keepPerUser: 3, keepMs: 30 * DAY_MS },
    });
    // Six failed ledger checks a minute apart: six notifications, the last one's push deferred.
    for (let index = 0; index < 6; index++) {
      if (index === 5) answer = { kind: 'retry', afterMs: 365 * DAY_MS, reason: 'busy' };
      await t.db.transaction((tx) =>
        recordNotificationEvents(
          tx,
          [{ kind: 'ledger-check', subjectId: `check-${index}`, actorId: null, payload: {} }],
          new Date(t.clock.now()),
        ),
      );
      await worker.pass();
      t.clock.advance(61_000);
    }
    const ids = async () =>
      (
        await t.db.query<{ id: string }>(
          'select id::text from notifications where user_id = $1 order by id',
          [userId],
        )
      ).rows.map((row) => row.id);
    const written = await ids();
    expect(written).toHaveLength(6);
    // Beyond the newest three, two go in a pass: the cap is reached a batch at a time.
    await pruner.pass();
    expect(await ids()).toEqual(written.slice(2));
    await pruner.pass();
    expect(await ids()).toEqual(written.slice(-3));
    // Their deliveries went with them; the recent history is all kept.
    const deliveries = `select count(*)::int as count from notification_deliveries where user_id = $1`;
    const events = `select count(*)::int as count from notification_events e
      where exists (select 1 from notification_items i where i.event_id = e.id and i.user_id = $1)`;
    expect(await count(deliveries, userId)).toBe(3);
    expect(await count(events, userId)).toBe(6);

    // A month on, the old events (their items with them) and finished deliveries go, two a pass;
    // the notifications themselves stay (only the cap prunes those), and so does the pending push.
    t.clock.advance(31 * DAY_MS);
    await pruner.pass();
    expect(await count(events, userId)).toBe(4);
    await pruner.pass();
    await pruner.pass();
    expect(await count(events, userId)).toBe(0);
    const { rows: left } = await t.db.query<{ status: string }>(
      'select status from notification_deliveries where user_id = $1',
      [userId],
    );
    expect(left).toEqual([{ status: 'pending' }]);
    expect(await ids()).toEqual(written.slice(-3));
  });
});
