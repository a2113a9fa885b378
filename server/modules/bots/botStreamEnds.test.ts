import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { insertOwnedAgent } from '#server/testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { BotStreams } from './botStream.ts';
import { claimBotStream } from './botStreamLeases.ts';

/** The little of a reply a bot stream writes to: a client that takes everything, and its end. */
function clientReply() {
  let ended = false;
  const raw = Object.assign(new EventEmitter(), {
    destroyed: false,
    writableEnded: false,
    writeHead: () => raw,
    write: () => true,
    end: () => {
      ended = true;
      raw.emit('close');
    },
    destroy: () => raw.end(),
  });
  const reply = { hijack: () => {}, raw } as unknown as FastifyReply;
  return { reply, ended: () => ended };
}

// A stream this process holds, ended by what another process did: a newer stream of its bot
// opened there (told by NOTIFY), or its row gone while the notification was lost (found by the
// heartbeat's lease renewal).
describe.each(testDatabaseKinds())('a bot stream ended from another process on %s', (kind) => {
  let db: Database;
  let ownerId: string;
  const running: BotStreams[] = [];
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const { rows } = await db.query<{ id: string }>(
      `insert into users (address, nickname, balance) values ($1, 'Ends owner', 0) returning id`,
      [`0x${'0d'.repeat(20)}`],
    );
    ownerId = rows[0]!.id;
  });
  afterAll(async () => {
    for (const streams of running) await streams.stop();
    await db?.close();
  });

  /** This process's bot streams, its heartbeat every `heartbeatMs`. */
  const processWith = async (heartbeatMs: number) => {
    const streams = new BotStreams(db, Date.now, { heartbeatMs, perAddress: 10 });
    await streams.start();
    running.push(streams);
    return streams;
  };
  const openHere = async (streams: BotStreams) => {
    const botId = await insertOwnedAgent(db, ownerId, 'bot');
    const { rows } = await db.query<{ token_hash: string }>(
      'select token_hash from bots where agent_id = $1',
      [botId],
    );
    const client = clientReply();
    await streams.open(
      { botId, tokenHash: rows[0]!.token_hash, address: '192.0.2.50' },
      client.reply,
      0,
    );
    return { botId, ...client };
  };
  const claimElsewhere = (botId: string) =>
    claimBotStream(
      db,
      { id: randomUUID(), botId, address: '192.0.2.51' },
      { perBot: 2, perAddress: 10 },
      Date.now(),
      Date.now() + 60_000,
    );

  it('ends when two newer streams of its bot open on another process', async () => {
    // No heartbeat comes within the test: only the NOTIFY can end it.
    const here = await openHere(await processWith(120_000));
    await claimElsewhere(here.botId);
    expect(here.ended()).toBe(false);
    await claimElsewhere(here.botId);
    await expect.poll(here.ended).toBe(true);
  });

  it('ends at the next heartbeat when its row went without a word', async () => {
    const here = await openHere(await processWith(50));
    await db.query('delete from bot_streams where bot_id = $1', [here.botId]);
    await expect.poll(here.ended).toBe(true);
  });
});
