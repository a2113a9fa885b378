import type { Database, Queryable } from '#server/db/database.ts';

/** Where a process is told that one of its bot streams was ended elsewhere (payload: its id). */
export const BOT_STREAM_ENDS_CHANNEL = 'gridmind_bot_stream_ends';

/** A bot stream about to open, as the platform counts it. */
export interface BotStreamClaim {
  id: string;
  botId: string;
  address: string;
}

/** What opening a stream decided. */
export type BotStreamAdmission =
  | {
      admitted: true /** The bot's older streams, on any process, that it replaces. */;
      ended: string[];
    }
  | { admitted: false };

/**
 * Counts a new stream of a bot for the platform, in one transaction: its address must hold fewer
 * than `perAddress` live streams (the bot's own streams it replaces not counted), and the bot keeps
 * at most `perBot`, so its oldest beyond that are deleted and their processes told to end them. A
 * stream lives while its lease (renewed by its process's heartbeat) is after `nowMs`. The address's
 * advisory lock and the bot's row lock make concurrent opens on any processes count one by one.
 */
export async function claimBotStream(
  db: Database,
  claim: BotStreamClaim,
  limits: { perBot: number; perAddress: number },
  nowMs: number,
  leaseUntilMs: number,
): Promise<BotStreamAdmission> {
  return db.transaction(async (tx) => {
    await tx.query(`select pg_advisory_xact_lock(hashtext('bot-stream-address:' || $1))`, [
      claim.address,
    ]);
    await tx.query('select agent_id from bots where agent_id = $1 for update', [claim.botId]);
    const { rows: ofBot } = await tx.query<{ id: string; address: string }>(
      `select id::text, address from bot_streams
       where bot_id = $1 and lease_until_ms > $2::bigint order by opened`,
      [claim.botId, nowMs],
    );
    const ended = ofBot.slice(0, Math.max(0, ofBot.length - (limits.perBot - 1)));
    const { rows } = await tx.query<{ count: number }>(
      `select count(*)::int as count from bot_streams
       where address = $1 and lease_until_ms > $2::bigint and id <> all($3::uuid[])`,
      [claim.address, nowMs, ended.map((stream) => stream.id)],
    );
    if ((rows[0]?.count ?? 0) >= limits.perAddress) return { admitted: false };
    // The bot's lapsed streams (a killed process's) go with the ones it replaces.
    await tx.query(
      `delete from bot_streams where bot_id = $1
       and (lease_until_ms <= $2::bigint or id = any($3::uuid[]))`,
      [claim.botId, nowMs, ended.map((stream) => stream.id)],
    );
    await tx.query(
      `insert into bot_streams (id, bot_id, address, lease_until_ms) values ($1, $2, $3, $4)`,
      [claim.id, claim.botId, claim.address, leaseUntilMs],
    );
    for (const stream of ended) {
      await tx.query('select pg_notify($1, $2)', [BOT_STREAM_ENDS_CHANNEL, stream.id]);
    }
    return { admitted: true, ended: ended.map((stream) => stream.id) };
  });
}

/**
 * Renews the leases of a process's open streams in one statement; answers the ids still counted,
 * so a stream whose row another process deleted (its end's notification lost) is ended too.
 */
export async function renewBotStreams(
  db: Queryable,
  ids: readonly string[],
  leaseUntilMs: number,
): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    'update bot_streams set lease_until_ms = $2::bigint where id = any($1::uuid[]) returning id::text',
    [ids, leaseUntilMs],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * Forgets a closed stream and, in the same statement, marks its bot offline unless it still holds
 * a live stream on some process.
 */
export async function releaseBotStream(
  db: Queryable,
  stream: { id: string; botId: string },
  nowMs: number,
): Promise<void> {
  await db.query(
    `with released as (delete from bot_streams where id = $2)
     update bots set online_until = null
     where agent_id = $1 and not exists (
       select 1 from bot_streams
       where bot_id = $1 and id <> $2 and lease_until_ms > $3::bigint)`,
    [stream.botId, stream.id, nowMs],
  );
}
