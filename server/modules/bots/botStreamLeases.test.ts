import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/database.ts';
import { insertOwnedAgent } from '#server/testing/economyFixtures.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';
import { claimBotStream, releaseBotStream, renewBotStreams } from './botStreamLeases.ts';

const LEASE_MS = 45_000;
const LIMITS = { perBot: 2, perAddress: 3 };

// What every process counts a bot's streams by, on an injected clock: a process that was killed
// renews no lease, and this is how its streams stop counting.
describe.each(testDatabaseKinds())('bot stream leases on %s', (kind) => {
  let db: Database;
  let nowMs = 1_000_000;
  let addresses = 0;
  let ownerId: string;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    const { rows } = await db.query<{ id: string }>(
      `insert into users (address, nickname, balance) values ($1, 'Lease owner', 0) returning id`,
      [`0x${'0c'.repeat(20)}`],
    );
    ownerId = rows[0]!.id;
  });
  afterAll(() => db?.close());

  const newBot = () => insertOwnedAgent(db, ownerId, 'bot');
  const claim = (botId: string, address: string) =>
    claimBotStream(db, { id: randomUUID(), botId, address }, LIMITS, nowMs, nowMs + LEASE_MS);
  const open = async (botId: string, address: string) => {
    const id = randomUUID();
    const admission = await claimBotStream(
      db,
      { id, botId, address },
      LIMITS,
      nowMs,
      nowMs + LEASE_MS,
    );
    return { id, botId, ...admission };
  };
  const online = async (botId: string, until: Date | null) =>
    db.query('update bots set online_until = $2 where agent_id = $1', [botId, until]);
  const onlineUntil = async (botId: string) =>
    (
      await db.query<{ online_until: Date | null }>(
        'select online_until from bots where agent_id = $1',
        [botId],
      )
    ).rows[0]?.online_until ?? null;

  it('keeps a bot to two streams: a third replaces its oldest, wherever it is', async () => {
    const botId = await newBot();
    const address = `192.0.2.${++addresses}`;
    const first = await open(botId, address);
    const second = await open(botId, address);
    const third = await open(botId, address);
    expect([first, second, third].map((stream) => stream.admitted)).toEqual([true, true, true]);
    expect(third).toMatchObject({ ended: [first.id] });
    // The ended stream's process renews its lease no more: its row is gone.
    expect(await renewBotStreams(db, [first.id, second.id], nowMs + LEASE_MS)).toEqual(
      new Set([second.id]),
    );
  });

  it('caps an address, and a killed process’s streams stop counting when their lease lapses', async () => {
    const address = `192.0.2.${++addresses}`;
    const bots = [await newBot(), await newBot(), await newBot(), await newBot()];
    for (const botId of bots.slice(0, 3)) expect((await claim(botId, address)).admitted).toBe(true);
    expect(await claim(bots[3]!, address)).toEqual({ admitted: false });
    // Nobody renews them (their process was killed): at the lease's end they count no more.
    nowMs += LEASE_MS - 1;
    expect(await claim(bots[3]!, address)).toEqual({ admitted: false });
    nowMs += 1;
    expect((await claim(bots[3]!, address)).admitted).toBe(true);
  });

  it('marks a bot offline with its last live stream anywhere, not before', async () => {
    const botId = await newBot();
    const address = `192.0.2.${++addresses}`;
    const [onA, onB] = [await open(botId, address), await open(botId, address)];
    await online(botId, new Date(nowMs + LEASE_MS));
    await releaseBotStream(db, onA, nowMs);
    expect(await onlineUntil(botId)).not.toBeNull();
    await releaseBotStream(db, onB, nowMs);
    expect(await onlineUntil(botId)).toBeNull();
    // A lapsed stream (a killed process's) keeps no bot online.
    const [lapsed, live] = [await open(botId, address), await open(botId, address)];
    expect(lapsed.admitted && live.admitted).toBe(true);
    await online(botId, new Date(nowMs + LEASE_MS));
    nowMs += LEASE_MS;
    await releaseBotStream(db, live, nowMs);
    expect(await onlineUntil(botId)).toBeNull();
  });
});
