import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_EVENTS_CHANNEL } from './events/botEvents.ts';
import { BotTestKit } from './testing/botTestKit.ts';
import { insertMatch } from './testing/economyFixtures.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';
import { openUnreadStream } from './testing/unreadStream.ts';

// What a bot stream's heartbeat (every 100 ms here) does: it drops a reader that stopped reading
// (the server never buffers its events without bound) and ends a stream whose token died.
describe.each(testDatabaseKinds())('bot streams at the heartbeat on %s', (kind) => {
  const kit = new BotTestKit(kind, { BOT_HEARTBEAT_MS: '100' });
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  it('a stream nobody reads is dropped once its socket stays full, and its bot goes offline', async () => {
    const { cookie } = await kit.newUser();
    const { id, token } = await kit.register(cookie);
    const socket = await openUnreadStream(kit.base, token);
    const onlineUntil = async () =>
      (
        await kit.t.db.query<{ online_until: Date | null }>(
          'select online_until from bots where agent_id = $1',
          [id],
        )
      ).rows[0]?.online_until ?? null;
    await expect.poll(onlineUntil).not.toBeNull();

    // 16 MB of events: more than the kernel's buffers on both ends of a loopback socket hold.
    const matchId = await insertMatch(kit.t.db, [id, 'quick-a']);
    await kit.t.db.transaction(async (tx) => {
      await tx.query(
        `insert into bot_events (bot_id, match_id, kind, payload)
         select $1, $2, 'move', jsonb_build_object('matchId', $2::text, 'pad', repeat('x', 4096))
         from generate_series(1, 4096)`,
        [id, matchId],
      );
      await tx.query('select pg_notify($1, $2)', [BOT_EVENTS_CHANNEL, id]);
    });

    // The server stops writing when the socket is full and hangs up at the second heartbeat.
    await expect.poll(onlineUntil, { timeout: 10_000 }).toBeNull();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.resume();
    await closed;
  });

  it('a heartbeat ends a stream whose token died unannounced, and never puts its bot back online', async () => {
    const { cookie } = await kit.newUser();
    const { id, token } = await kit.register(cookie);
    const stream = await kit.openEvents(token);
    // The token revoked as by a process whose notification was lost.
    await kit.t.db.query(
      'update bots set token_hash = null, online_until = null where agent_id = $1',
      [id],
    );
    for (;;) {
      const event = await stream.next().catch(() => null);
      if (!event) break;
      expect(event.event).toBe('heartbeat');
    }
    const { rows } = await kit.t.db.query('select online_until from bots where agent_id = $1', [
      id,
    ]);
    expect(rows).toEqual([{ online_until: null }]);
  });
});
