import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { signInUsers } from '#server/testing/economyFixtures.ts';
import { type BotApiStandIn, startBotApiStandIn } from '#server/testing/telegramBotApiStandIn.ts';
import { createTestApp, type TestApp } from '#server/testing/testApp.ts';
import { testDatabaseKinds } from '#server/testing/testDatabase.ts';

const TOKEN = '123456:test-bot-key_ABC';
const SECRET = 'webhook-secret-0123456789';

/** Telegram's `initData` for `user`, signed with `token` by Telegram's rule, at `authDateMs`. */
function signedInitData(token: string, user: object, authDateMs: number): URLSearchParams {
  const fields = new URLSearchParams({
    query_id: 'AAH-test',
    user: JSON.stringify(user),
    auth_date: String(Math.floor(authDateMs / 1000)),
  });
  const dataCheckString = [...fields]
    .map(([key, value]) => `${key}=${value}`)
    .sort()
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  fields.set('hash', createHmac('sha256', secret).update(dataCheckString).digest('hex'));
  return fields;
}

describe.each(testDatabaseKinds())('the Telegram bot on %s', (kind) => {
  let t: TestApp;
  let telegram: BotApiStandIn;
  let updateId = 1000;
  beforeAll(async () => {
    telegram = await startBotApiStandIn();
    t = await createTestApp(kind, {
      TELEGRAM_BOT_TOKEN: TOKEN,
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_BOT_USERNAME: 'gridmind_test_bot',
      TELEGRAM_MINI_APP_NAME: 'play',
      TELEGRAM_API_ROOT: telegram.apiRoot,
    });
  });
  afterAll(async () => {
    await t.close();
    await telegram.close();
  });

  /** A private-chat message update, as Telegram posts it to the webhook. */
  const messageUpdate = (chatId: number, text: string, id = ++updateId) => {
    const command = /^\/\w+/.exec(text)?.[0];
    return {
      update_id: id,
      message: {
        message_id: id,
        date: Math.floor(t.clock.now() / 1000),
        chat: { id: chatId, type: 'private', first_name: 'Ada' },
        from: { id: chatId, is_bot: false, first_name: 'Ada' },
        text,
        ...(command
          ? { entities: [{ type: 'bot_command', offset: 0, length: command.length }] }
          : {}),
      },
    };
  };
  const postUpdate = (update: object, secret: string | null = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: {
        'content-type': 'application/json',
        ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }),
      },
      payload: JSON.stringify(update),
    });
  /** What the bot said to `chatId` since `from`. */
  const repliesTo = (chatId: number, from = 0) =>
    telegram.calls
      .slice(from)
      .filter((call) => call.method === 'sendMessage' && call.body.chat_id === chatId)
      .map((call) => String(call.body.text));
  const linkStatus = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/telegram/link', headers: { cookie } })).json();
  const linkCode = async (cookie: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/telegram/link-code',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(/^https:\/\/t\.me\/gridmind_test_bot\?start=[A-Za-z0-9_-]{22}$/);
    return new URL(url).searchParams.get('start') ?? '';
  };

  it('refuses a webhook call without the secret token (401) or with a wrong one (403)', async () => {
    const before = telegram.calls.length;
    expect((await postUpdate(messageUpdate(1, '/start'), null)).statusCode).toBe(401);
    expect((await postUpdate(messageUpdate(1, '/start'), `${SECRET}x`)).statusCode).toBe(403);
    expect((await postUpdate(messageUpdate(1, '/start'), 'short')).statusCode).toBe(403);
    expect(telegram.calls.length).toBe(before);
  });

  it('greets /start with a button that opens the Mini App', async () => {
    const from = telegram.calls.length;
    expect((await postUpdate(messageUpdate(11, '/start'))).statusCode).toBe(200);
    const [greeting] = telegram.calls.slice(from);
    expect(greeting?.body).toMatchObject({
      chat_id: 11,
      reply_markup: {
        inline_keyboard: [[{ text: 'Open Gridmind', url: 'https://t.me/gridmind_test_bot/play' }]],
      },
    });
  });

  it('links a chat by a one-time /start code, refuses it used or late, and /stop unlinks', async () => {
    const [user] = await signInUsers(t.app, 1);
    const cookie = user?.cookie ?? '';
    expect(await linkStatus(cookie)).toEqual({ linked: false });
    const code = await linkCode(cookie);
    const from = telegram.calls.length;

    expect((await postUpdate(messageUpdate(21, `/start ${code}`))).statusCode).toBe(200);
    expect(repliesTo(21, from)).toEqual([expect.stringMatching(/^Linked\./)]);
    expect(await linkStatus(cookie)).toEqual({ linked: true });

    await postUpdate(messageUpdate(22, `/start ${code}`));
    expect(repliesTo(22, from)).toEqual([expect.stringMatching(/already used/)]);

    const late = await linkCode(cookie);
    t.clock.advance(15 * 60_000 + 1);
    await postUpdate(messageUpdate(23, `/start ${late}`));
    expect(repliesTo(23, from)).toEqual([expect.stringMatching(/expired/)]);
    await postUpdate(messageUpdate(23, '/start AAAAAAAAAAAAAAAAAAAAAA'));
    expect(repliesTo(23, from)[1]).toMatch(/not valid/);
    // Still linked to the first chat only.
    expect(await linkStatus(cookie)).toEqual({ linked: true });

    await postUpdate(messageUpdate(21, '/stop'));
    expect(repliesTo(21, from)[1]).toMatch(/^Unlinked\./);
    expect(await linkStatus(cookie)).toEqual({ linked: false });
    await postUpdate(messageUpdate(21, '/stop'));
    expect(repliesTo(21, from)[2]).toMatch(/not linked/);
  });

  it('handles a redelivered update once', async () => {
    const update = messageUpdate(31, '/start');
    const from = telegram.calls.length;
    expect((await postUpdate(update)).statusCode).toBe(200);
    expect((await postUpdate(update)).statusCode).toBe(200);
    expect(repliesTo(31, from)).toHaveLength(1);
  });

  it('hands an update back when its handling failed, so the redelivery is handled', async () => {
    const update = messageUpdate(32, '/start');
    const from = telegram.calls.length;
    telegram.refuseNext('sendMessage', 500, 'Internal Server Error');
    expect((await postUpdate(update)).statusCode).toBe(500);
    expect((await postUpdate(update)).statusCode).toBe(200);
    expect(repliesTo(32, from)).toHaveLength(2);
  });

  it('links from the Mini App with initData signed right, refuses it tampered or too old', async () => {
    const [user] = await signInUsers(t.app, 1);
    const cookie = user?.cookie ?? '';
    const post = (initData: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/telegram/link',
        headers: { cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ initData }),
      });
    const telegramUser = { id: 41, first_name: 'Ada', allows_write_to_pm: true };

    const tampered = signedInitData(TOKEN, telegramUser, t.clock.now());
    tampered.set('user', JSON.stringify({ ...telegramUser, id: 42 }));
    expect((await post(tampered.toString())).statusCode).toBe(403);
    const wrongBot = signedInitData('999:other-bot', telegramUser, t.clock.now());
    expect((await post(wrongBot.toString())).statusCode).toBe(403);
    const old = signedInitData(TOKEN, telegramUser, t.clock.now() - 61 * 60_000);
    const refused = await post(old.toString());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatch(/open Gridmind from Telegram again/);
    expect(await linkStatus(cookie)).toEqual({ linked: false });

    const fresh = signedInitData(TOKEN, telegramUser, t.clock.now() - 59 * 60_000);
    const linked = await post(fresh.toString());
    expect(linked.statusCode).toBe(200);
    expect(await linkStatus(cookie)).toEqual({ linked: true });

    const unlinked = await t.app.inject({
      method: 'DELETE',
      url: '/api/telegram/link',
      headers: { cookie },
    });
    expect(unlinked.statusCode).toBe(204);
    expect(await linkStatus(cookie)).toEqual({ linked: false });
  });

  it('keeps the link routes to signed-in users', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/telegram/link' })).statusCode).toBe(401);
    const code = await t.app.inject({ method: 'POST', url: '/api/telegram/link-code' });
    expect(code.statusCode).toBe(401);
  });
});

describe('without a Telegram bot token', () => {
  it('starts, and the bot routes are absent', async () => {
    const t = await createTestApp('pglite');
    try {
      for (const [method, url] of [
        ['POST', '/api/telegram/webhook'],
        ['GET', '/api/telegram/link'],
        ['POST', '/api/telegram/link-code'],
      ] as const) {
        const response = await t.app.inject({
          method,
          url,
          headers: { 'x-telegram-bot-api-secret-token': SECRET },
        });
        expect(response.statusCode).toBe(404);
      }
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses a token without its webhook secret and username', () => {
    expect(() => loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN })).toThrow(ConfigError);
    try {
      loadConfig({ TELEGRAM_BOT_TOKEN: TOKEN });
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'TELEGRAM_WEBHOOK_SECRET: required with TELEGRAM_BOT_TOKEN',
        'TELEGRAM_BOT_USERNAME: required with TELEGRAM_BOT_TOKEN',
      ]);
    }
  });
});
