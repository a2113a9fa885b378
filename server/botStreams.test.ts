import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BotTestKit, bearer } from './testing/botTestKit.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

// Bots' event streams: a token's death ends them at once, and their caps. Slow readers are in
// botStreamBackpressure.test.ts; a token dying on another process in botStreamsTwoProcesses.test.ts.
describe.each(testDatabaseKinds())('bot event streams on %s', (kind) => {
  const kit = new BotTestKit(kind, { BOT_STREAMS_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' });
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  // Each test opens its streams from an address of its own (the kit's proxy, loopback, is
  // trusted by TRUST_PROXY), so the cap per address counts only that test's streams.
  let addresses = 0;
  const ownAddress = () => ({ 'x-forwarded-for': `198.51.100.${++addresses}` });

  const onlineUntil = async (botId: string) => {
    const { rows } = await kit.t.db.query<{ online_until: Date | null }>(
      'select online_until from bots where agent_id = $1',
      [botId],
    );
    return rows[0]?.online_until ?? null;
  };

  const ways = {
    rotated: (id: string, cookie: string) => kit.send('POST', `/api/bots/${id}/token`, { cookie }),
    revoked: (id: string, cookie: string) =>
      kit.send('DELETE', `/api/bots/${id}/token`, { cookie }),
    'suspended by an admin': (id: string) =>
      kit.send(
        'POST',
        `/api/admin/bots/${id}/suspension`,
        { cookie: kit.adminCookie },
        { suspended: true },
      ),
    retired: (id: string, cookie: string) => kit.send('DELETE', `/api/bots/${id}`, { cookie }),
  };

  it.each(Object.keys(ways) as (keyof typeof ways)[])(
    'a bot whose token is %s loses its open streams at once and is offline',
    async (way) => {
      const { cookie } = await kit.newUser();
      const { id, token } = await kit.register(cookie);
      const from = ownAddress();
      const first = await kit.openEvents(token, from);
      const second = await kit.openEvents(token, from);
      await expect.poll(() => onlineUntil(id)).not.toBeNull();

      expect((await ways[way](id, cookie)).statusCode).toBeLessThan(300);
      await expect(first.next()).rejects.toThrow('SSE stream ended');
      await expect(second.next()).rejects.toThrow('SSE stream ended');
      expect(await onlineUntil(id)).toBeNull();
      const mine = (await kit.send('GET', '/api/bots/mine', { cookie })).json();
      expect(mine.items[0]).toMatchObject({ id, online: false });
      // The old token opens nothing and moves nothing.
      await expect(kit.openEvents(token)).rejects.toThrow('SSE status 401');
      const move = await kit.postMove(token, 'any-match', { ply: 1, move: '4' });
      expect(move.statusCode).toBe(401);
      // Offline, so the runner seats it in no match.
      await kit.runner().sweep();
      const { rows } = await kit.t.db.query(
        'select id from matches where $1 in (first_agent_id, second_agent_id)',
        [id],
      );
      expect(rows).toEqual([]);
    },
  );

  it('a rotated token’s bot comes back online only on a stream of its new token', async () => {
    const { cookie } = await kit.newUser();
    const { id, token } = await kit.register(cookie);
    const from = ownAddress();
    const old = await kit.openEvents(token, from);
    const next = (await kit.send('POST', `/api/bots/${id}/token`, { cookie })).json().token;
    await expect(old.next()).rejects.toThrow('SSE stream ended');
    const fresh = await kit.openEvents(next, from);
    await expect.poll(() => onlineUntil(id)).not.toBeNull();
    fresh.close();
  });

  it('a third stream of one bot ends its oldest; the other two get its events', async () => {
    const { cookie } = await kit.newUser();
    const { id, token } = await kit.register(cookie);
    const from = ownAddress();
    const [oldest, middle, newest] = [
      await kit.openEvents(token, from),
      await kit.openEvents(token, from),
      await kit.openEvents(token, from),
    ];
    await expect(oldest.next()).rejects.toThrow('SSE stream ended');
    const runner = kit.runner();
    await expect
      .poll(async () => {
        await runner.sweep();
        return runner.ownedMatches().length;
      })
      .toBeGreaterThan(0);
    expect((await middle.next()).event).toBe('match-start');
    expect((await newest.next()).event).toBe('match-start');
    expect(await onlineUntil(id)).not.toBeNull();
    await kit.send('DELETE', `/api/bots/${id}`, { cookie });
    await expect(newest.next()).rejects.toThrow('SSE stream ended');
  });

  it('caps the streams one address holds with a 429 that says so', async () => {
    const { cookie } = await kit.newUser();
    const bots = [await kit.register(cookie), await kit.register(cookie)];
    const [a, b] = bots.map((bot) => bot.token) as [string, string];
    const from = ownAddress();
    const open = [
      await kit.openEvents(a, from),
      await kit.openEvents(a, from),
      await kit.openEvents(b, from),
    ];
    // At the cap, a bot's own third stream still opens: it takes the place of its oldest.
    open.push(await kit.openEvents(a, from));
    await expect(open[0]?.next()).rejects.toThrow('SSE stream ended');
    const refused = await fetch(`${kit.base}/api/bot/events`, {
      headers: { ...bearer(b), ...from },
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: 'Too many event streams from this address: at most 3 at once.',
    });
    // Another address is not counted with this one.
    open.push(await kit.openEvents(b, ownAddress()));
    // A stream that ends frees its place.
    open[2]?.close();
    await expect
      .poll(async () => {
        const stream = await kit.openEvents(b, from).catch(() => null);
        if (stream) open.push(stream);
        return stream !== null;
      })
      .toBe(true);
    for (const stream of open) stream.close();
    for (const bot of bots) await kit.send('DELETE', `/api/bots/${bot.id}`, { cookie });
  });
});
