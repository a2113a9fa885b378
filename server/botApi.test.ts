import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_TOKEN_PATTERN } from '#core/protocol/bots.ts';
import { hashBotToken } from './modules/bots/botTokens.ts';
import { BotTestKit, bearer, uniqueBotName } from './testing/botTestKit.ts';
import { testDatabaseKinds } from './testing/testDatabase.ts';

// Bots' accounts: registration, tokens, who may do what, the limit, and where bots are seated.
// Their matches (moves, losses, resume, bets, the log's pruning) are in botMatches.test.ts.
describe.each(testDatabaseKinds())('bot accounts on %s', (kind) => {
  const kit = new BotTestKit(kind);
  beforeAll(() => kit.start());
  afterAll(() => kit.close());

  it('registers a bot for signed-in users only, with a token shown once and stored as a hash', async () => {
    expect(
      (await kit.send('POST', '/api/bots', {}, { name: 'Nobody', games: ['connect4'] })).statusCode,
    ).toBe(401);
    const { cookie } = await kit.newUser();
    const bad = await kit.send('POST', '/api/bots', { cookie }, { name: 'x', games: [] });
    expect(bad.statusCode).toBe(400);
    const { id, token } = await kit.register(cookie, ['othello', 'connect4']);
    expect(token).toMatch(BOT_TOKEN_PATTERN);
    const { rows } = await kit.t.db.query<{ token_hash: string }>(
      'select token_hash from bots where agent_id = $1',
      [id],
    );
    expect(rows[0]?.token_hash).toBe(hashBotToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    const mine = (await kit.send('GET', '/api/bots/mine', { cookie })).json();
    expect(mine.items).toEqual([
      expect.objectContaining({
        id,
        games: ['connect4', 'othello'],
        status: 'active',
        hasToken: true,
        online: false,
      }),
    ]);
    expect(JSON.stringify(mine)).not.toContain(token);
    // A bot is not one of the owner's custom agents, and the custom-agent routes leave it alone.
    expect((await kit.send('GET', '/api/agents/mine', { cookie })).json().items).toEqual([]);
    const me = await kit.send('GET', '/api/bot/me', bearer(token));
    expect(me.json()).toMatchObject({ id, status: 'active' });
  });

  it('regenerates and revokes tokens, retires bots; only the owner issues tokens, an admin only ends them', async () => {
    const owner = await kit.newUser();
    const stranger = await kit.newUser();
    const { id, token } = await kit.register(owner.cookie);
    expect(
      (await kit.send('POST', `/api/bots/${id}/token`, { cookie: stranger.cookie })).statusCode,
    ).toBe(403);
    expect(
      (await kit.send('POST', '/api/bots/nope/token', { cookie: owner.cookie })).statusCode,
    ).toBe(404);
    const renewed = await kit.send('POST', `/api/bots/${id}/token`, { cookie: owner.cookie });
    const next = renewed.json().token as string;
    expect(next).toMatch(BOT_TOKEN_PATTERN);
    expect((await kit.send('GET', '/api/bot/me', bearer(token))).statusCode).toBe(401);
    expect((await kit.send('GET', '/api/bot/me', bearer(next))).statusCode).toBe(200);
    expect(
      (await kit.send('DELETE', `/api/bots/${id}/token`, { cookie: owner.cookie })).statusCode,
    ).toBe(204);
    expect((await kit.send('GET', '/api/bot/me', bearer(next))).statusCode).toBe(401);
    // An admin revokes or suspends a bot, but never mints a token that would play as it.
    const minted = await kit.send('POST', `/api/bots/${id}/token`, { cookie: kit.adminCookie });
    expect(minted.statusCode).toBe(403);
    expect(minted.json().error).toBe('Only the owner of this bot can issue its token.');
    const third = (await kit.send('POST', `/api/bots/${id}/token`, { cookie: owner.cookie })).json()
      .token;
    expect((await kit.send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(200);
    // Suspended by an admin: its token is refused until it is let back.
    const suspend = (suspended: boolean, cookie = kit.adminCookie) =>
      kit.send('POST', `/api/admin/bots/${id}/suspension`, { cookie }, { suspended });
    expect((await suspend(true, owner.cookie)).statusCode).toBe(403);
    expect((await suspend(true)).statusCode).toBe(204);
    expect((await kit.send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(401);
    expect((await suspend(false)).statusCode).toBe(204);
    expect((await kit.send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(200);
    expect((await kit.send('DELETE', `/api/bots/${id}`, { cookie: owner.cookie })).statusCode).toBe(
      204,
    );
    expect((await kit.send('GET', '/api/bot/me', bearer(third))).statusCode).toBe(401);
    expect((await kit.send('DELETE', `/api/bots/${id}`, { cookie: owner.cookie })).statusCode).toBe(
      409,
    );
    expect(
      (await kit.send('GET', '/api/bot/events', { authorization: 'Bearer nonsense' })).statusCode,
    ).toBe(401);
  });

  it('limits the active bots of one user', async () => {
    const { cookie } = await kit.newUser();
    for (let index = 0; index < 3; index++) await kit.register(cookie);
    const fourth = await kit.send(
      'POST',
      '/api/bots',
      { cookie },
      { name: uniqueBotName(), games: ['connect4'] },
    );
    expect(fourth.statusCode).toBe(409);
  });

  it('never seats a bot through the regular pairing: only online, and told of the match', async () => {
    const { cookie } = await kit.newUser();
    const { id } = await kit.register(cookie);
    const regular = kit.runner({ ownerId: 'bots-test-regular', liveMatches: 20 });
    await regular.sweep();
    expect(regular.ownedMatches().length).toBeGreaterThan(0);
    const { rows } = await kit.t.db.query(
      `select 1 from matches where $1 in (first_agent_id, second_agent_id)`,
      [id],
    );
    expect(rows).toEqual([]);
    await kit.t.db.query(
      `update matches set status = 'cancelled' where owner = 'bots-test-regular'`,
    );
  });
});
