import { EventEmitter } from 'node:events';
import type { FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { insertOwnedAgent } from '#server/testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { BotStreams } from './botStream.ts';

/** The statement that renews a bot's online time (botStore.renewOnline). */
const isRenewal = (sql: string) => /set online_until = \$3/.test(sql);

/**
 * The database, except that the renewals of a bot's online time after the first are held until
 * released: what a slow database does to a heartbeat's renewal, on demand.
 */
function holdingRenewals(db: Database) {
  let renewals = 0;
  let held: (() => void) | null = null;
  let heldArrived: () => void = () => {};
  const arrived = new Promise<void>((resolve) => {
    heldArrived = resolve;
  });
  const writes: Promise<unknown>[] = [];
  const gated = new Proxy(db, {
    get(target, key, receiver) {
      if (key !== 'query') return Reflect.get(target, key, receiver);
      return async (sql: string, params?: unknown[]) => {
        if (isRenewal(sql) && ++renewals === 2) {
          await new Promise<void>((resolve) => {
            held = resolve;
            heldArrived();
          });
        }
        const result = target.query(sql, params);
        // Its online time: renewals (`update bots`) and the last stream's release (botStreamLeases).
        if (/^(update bots |with released)/.test(sql)) writes.push(result);
        return result;
      };
    },
  });
  return {
    db: gated,
    arrived,
    release: () => held?.(),
    /** Writes of the online time issued so far. */
    writes: () => writes.length,
    settled: () => Promise.allSettled(writes),
  };
}

/** The little of a reply a bot stream writes to: a client that takes everything. */
function clientReply() {
  const raw = Object.assign(new EventEmitter(), {
    writeHead: () => raw,
    write: () => true,
    end: () => {},
    destroy: () => {},
  });
  return { hijack: () => {}, raw } as unknown as FastifyReply & { raw: EventEmitter };
}

describe.each(testDatabaseKinds())('a bot’s online time on %s', (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(() => db?.close());

  it('is cleared when its last stream ends while a heartbeat’s renewal is still on its way', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into users (address, nickname, balance) values ($1, 'Online owner', 0) returning id`,
      [`0x${'0b'.repeat(20)}`],
    );
    const botId = await insertOwnedAgent(db, rows[0]!.id, 'bot');
    const { rows: bots } = await db.query<{ token_hash: string }>(
      'select token_hash from bots where agent_id = $1',
      [botId],
    );
    const gate = holdingRenewals(db);
    const streams = new BotStreams(gate.db, Date.now, { heartbeatMs: 20, perAddress: 5 });
    await streams.start();
    try {
      const reply = clientReply();
      const bot = { botId, tokenHash: bots[0]!.token_hash, address: '127.0.0.1' };
      await streams.open(bot, reply, 0);
      // A heartbeat's renewal is on its way to the database when the bot hangs up.
      await gate.arrived;
      reply.raw.emit('close');
      gate.release();
      // The renewal at the stream's opening, the heartbeat's and the offline write, in any order.
      await expect.poll(gate.writes).toBe(3);
      await gate.settled();
      const { rows: online } = await db.query('select online_until from bots where agent_id = $1', [
        botId,
      ]);
      expect(online).toEqual([{ online_until: null }]);
    } finally {
      await streams.stop();
    }
  });
});
