import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { type BotApiStandIn, startBotApiStandIn } from '#server/testing/telegramBotApiStandIn.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { createBot } from './telegramBot.ts';
import { createTelegramChannel } from './telegramChannel.ts';
import { findChatOf, linkChat } from './telegramStore.ts';

let serial = 0;
/** A user row linked to Telegram chat `chatId`; answers the user's id. */
async function linkedUser(db: Database, chatId: number | null): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    'insert into users (address, nickname) values ($1, $2) returning id',
    [`0x${String(++serial).padStart(40, 'c')}`, `tg_user_${serial}_${Date.now() % 100_000}`],
  );
  const userId = rows[0]?.id ?? '';
  if (chatId !== null) {
    await linkChat(db, userId, { telegramUserId: chatId, chatId }, new Date());
  }
  return userId;
}

describe.each(testDatabaseKinds())('the Telegram delivery channel on %s', (kind) => {
  let db: Database;
  let telegram: BotApiStandIn;
  let nowMs = Date.parse('2026-03-01T10:00:00.000Z');
  const now = () => nowMs;
  let channel: ReturnType<typeof createTelegramChannel>;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    telegram = await startBotApiStandIn();
    const bot = createBot({
      token: '123456:channel-test',
      username: 'gridmind_test_bot',
      miniAppName: 'play',
      apiRoot: telegram.apiRoot,
    });
    channel = createTelegramChannel({
      db,
      api: bot.api,
      username: 'gridmind_test_bot',
      miniAppName: 'play',
      now,
    });
  });
  afterAll(async () => {
    await telegram.close();
    await db.close();
  });

  const notice = (userId: string, key = `k${++serial}`) => ({
    key,
    userId,
    title: 'Deep Blue plays now',
    body: 'Betting closes at 12:00.',
    path: '/watch/m123',
  });
  const sentTo = (chatId: number) =>
    telegram.calls.filter((call) => call.method === 'sendMessage' && call.body.chat_id === chatId);

  it('sends to the linked chat with a bold title and a button opening the page in the Mini App', async () => {
    const userId = await linkedUser(db, 501);
    expect(await channel.send(notice(userId))).toEqual({ kind: 'sent' });
    const [message] = sentTo(501);
    const startParam = Buffer.from('/watch/m123').toString('base64url');
    expect(message?.body).toMatchObject({
      text: 'Deep Blue plays now\nBetting closes at 12:00.',
      entities: [{ type: 'bold', offset: 0, length: 'Deep Blue plays now'.length }],
      reply_markup: {
        inline_keyboard: [
          [
            {
              text: 'Open in Gridmind',
              url: `https://t.me/gridmind_test_bot/play?startapp=${startParam}`,
            },
          ],
        ],
      },
    });
  });

  it('has no recipient for a user without a linked chat', async () => {
    const userId = await linkedUser(db, null);
    const before = telegram.calls.length;
    expect(await channel.send(notice(userId))).toEqual({ kind: 'no-recipient' });
    expect(telegram.calls.length).toBe(before);
  });

  it('holds to one message a second per chat, answering retry rather than sending', async () => {
    const userId = await linkedUser(db, 502);
    expect(await channel.send(notice(userId))).toEqual({ kind: 'sent' });
    const held = await channel.send(notice(userId));
    expect(held).toMatchObject({ kind: 'retry', afterMs: 1000 });
    expect(sentTo(502)).toHaveLength(1);
    // Another chat is not held by this one's limit.
    expect(await channel.send(notice(await linkedUser(db, 503)))).toEqual({ kind: 'sent' });
    nowMs += 1000;
    expect(await channel.send(notice(userId))).toEqual({ kind: 'sent' });
    expect(sentTo(502)).toHaveLength(2);
  });

  it("retries after Telegram's retry_after on 429, keeping the link", async () => {
    nowMs += 1000;
    const userId = await linkedUser(db, 504);
    telegram.refuseNext('sendMessage', 429, 'Too Many Requests: retry after 7', {
      retry_after: 7,
    });
    expect(await channel.send(notice(userId))).toMatchObject({ kind: 'retry', afterMs: 7000 });
    expect(await findChatOf(db, userId)).toEqual({ telegramUserId: 504, chatId: 504 });
  });

  it('unlinks and fails when the user blocked the bot', async () => {
    nowMs += 1000;
    const userId = await linkedUser(db, 505);
    telegram.refuseNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    expect(await channel.send(notice(userId))).toEqual({
      kind: 'failed',
      reason: 'Telegram: Forbidden: bot was blocked by the user',
    });
    expect(await findChatOf(db, userId)).toBeNull();
    nowMs += 1000;
    expect(await channel.send(notice(userId))).toEqual({ kind: 'no-recipient' });
  });

  it('holds to about 30 messages a second for the whole platform', async () => {
    nowMs += 1000;
    const users = [];
    for (let chat = 600; chat < 631; chat++) users.push(await linkedUser(db, chat));
    const outcomes = [];
    for (const userId of users) outcomes.push(await channel.send(notice(userId)));
    expect(outcomes.filter((outcome) => outcome.kind === 'sent')).toHaveLength(30);
    expect(outcomes.at(-1)).toMatchObject({ kind: 'retry', afterMs: 1000 });
  });
});
