import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { isGameId } from '#core/games/gameIds.ts';
import { type OwnedBot, ownedBotSchema } from '#core/protocol/bots.ts';
import { nameKey } from '#core/text/names.ts';
import type { Queryable } from '#server/db/database.ts';
import { BOT_TOKENS_CHANNEL } from '#server/events/botEvents.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

const botRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string(),
  games: z.array(z.string()).transform((games) => games.filter(isGameId)),
  owner_id: z.string().nullable(),
  retired_at: timestamp.nullable(),
  suspended_at: timestamp.nullable(),
  has_token: z.boolean(),
  online_until: timestamp.nullable(),
  rating: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  created_at: timestamp,
});

/** A bot with its owner and state. */
export type BotRow = z.infer<typeof botRowSchema>;

const BOT_SELECT = `select a.id, a.name, a.tagline, a.games, a.owner_id::text as owner_id,
  a.retired_at, b.suspended_at, b.token_hash is not null as has_token, b.online_until, a.rating,
  a.wins, a.losses, a.draws, b.created_at
  from bots b join agents a on a.id = b.agent_id`;

/** A bot's agent traits: unused (its program plays), kept valid for what reads every agent. */
const BOT_TRAITS = agentTraitsSchema.parse({
  skill: 5,
  style: 'balanced',
  risk: 0.5,
  thinkTimeMs: 100,
});

/** A new bot's id: never a roster slug nor a custom agent's. */
export function newBotId(): string {
  return `bot-${randomBytes(6).toString('hex')}`;
}

/** The wire shape of a bot for its owner, `now` telling whether it is online. */
export function toOwnedBot(row: BotRow, now: Date): OwnedBot {
  return ownedBotSchema.parse({
    id: row.id,
    name: row.name,
    description: row.tagline,
    games: row.games,
    status: row.retired_at ? 'retired' : row.suspended_at ? 'suspended' : 'active',
    hasToken: row.has_token,
    online: row.online_until !== null && row.online_until > now && !row.retired_at,
    rating: Math.round(row.rating),
    record: { wins: row.wins, losses: row.losses, draws: row.draws },
    createdAt: row.created_at.toISOString(),
  });
}

/** One bot, or null (`forUpdate` locks its rows). */
export async function findBot(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<BotRow | null> {
  const { rows } = await db.query(
    `${BOT_SELECT} where a.id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? botRowSchema.parse(rows[0]) : null;
}

/** Every bot a user owns, retired ones last. */
export async function listOwnedBots(db: Queryable, userId: string): Promise<BotRow[]> {
  const { rows } = await db.query(
    `${BOT_SELECT} where a.owner_id = $1 order by (a.retired_at is not null), b.created_at desc`,
    [userId],
  );
  return rows.map((row) => botRowSchema.parse(row));
}

/** Every bot, for admins: newest first. */
export async function listAllBots(db: Queryable): Promise<BotRow[]> {
  const { rows } = await db.query(`${BOT_SELECT} order by b.created_at desc limit 200`);
  return rows.map((row) => botRowSchema.parse(row));
}

/** How many bots a user has that are not retired. */
export async function countActiveBots(tx: Queryable, userId: string): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::int as count from bots b join agents a on a.id = b.agent_id
     where a.owner_id = $1 and a.retired_at is null`,
    [userId],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Inserts a bot: its agent row (kind `bot`, with its name's key) and its token's hash. A name taken
 * meanwhile fails with a unique violation (isAgentNameConflict).
 */
export async function insertBot(
  tx: Queryable,
  bot: { id: string; name: string; description: string; games: string[]; ownerId: string },
  tokenHash: string,
  now: Date,
): Promise<void> {
  await tx.query(
    `insert into agents (id, name, tagline, traits, kind, owner_id, color, created_at, games,
       name_key)
     values ($1, $2, $3, $4, 'bot', $5::uuid, '#0f766e', $6, $7, $8)`,
    [
      bot.id,
      bot.name,
      bot.description,
      JSON.stringify(BOT_TRAITS),
      bot.ownerId,
      now,
      bot.games,
      nameKey(bot.name),
    ],
  );
  await tx.query('insert into bots (agent_id, token_hash, created_at) values ($1, $2, $3)', [
    bot.id,
    tokenHash,
    now,
  ]);
}

/**
 * Ends every session of a bot in the caller's transaction: offline at once (so the runner seats it
 * no more), and every process told to re-check its streams of the bot when the transaction commits.
 */
async function endBotSessions(tx: Queryable, id: string): Promise<void> {
  await tx.query('update bots set online_until = null where agent_id = $1', [id]);
  await tx.query('select pg_notify($1, $2)', [BOT_TOKENS_CHANNEL, id]);
}

/** Replaces a bot's token hash (null: revoked). The old token and its streams stop at once. */
export async function setTokenHash(tx: Queryable, id: string, tokenHash: string | null) {
  await tx.query('update bots set token_hash = $2 where agent_id = $1', [id, tokenHash]);
  await endBotSessions(tx, id);
}

/** Retires a bot: never scheduled again, its token revoked, its matches and rating kept. */
export async function retireBot(tx: Queryable, id: string, now: Date): Promise<void> {
  await tx.query('update agents set retired_at = $2 where id = $1', [id, now]);
  await tx.query('update bots set token_hash = null where agent_id = $1', [id]);
  await endBotSessions(tx, id);
}

/** Suspends (or lets back) a bot: a suspended bot's token is refused and it is not scheduled. */
export async function setSuspended(tx: Queryable, id: string, suspended: boolean, now: Date) {
  await tx.query(
    `update bots set suspended_at = case when $2 then coalesce(suspended_at, $3) else null end
     where agent_id = $1`,
    [id, suspended, now],
  );
  if (suspended) await endBotSessions(tx, id);
}

/** The bot a token belongs to, if it may play: not revoked, suspended or retired. */
export async function botOfToken(db: Queryable, tokenHash: string): Promise<string | null> {
  const { rows } = await db.query<{ id: string }>(
    `select b.agent_id as id from bots b join agents a on a.id = b.agent_id
     where b.token_hash = $1 and b.suspended_at is null and a.retired_at is null`,
    [tokenHash],
  );
  return rows[0]?.id ?? null;
}

/** The hash of the token a bot plays with now, or null when it may not play (revoked, suspended, retired). */
export async function liveTokenHash(db: Queryable, id: string): Promise<string | null> {
  const { rows } = await db.query<{ token_hash: string }>(
    `select b.token_hash from bots b join agents a on a.id = b.agent_id
     where b.agent_id = $1 and b.token_hash is not null and b.suspended_at is null
       and a.retired_at is null`,
    [id],
  );
  return rows[0]?.token_hash ?? null;
}

/**
 * Keeps a bot online until `until` if its token is still one of `tokenHashes` (those of its open
 * streams) and it may play, in one statement, so a token that died meanwhile never puts its bot
 * back online. Answers the live token's hash, or null when none of them lives.
 */
export async function renewOnline(
  db: Queryable,
  id: string,
  tokenHashes: readonly string[],
  until: Date,
): Promise<string | null> {
  const { rows } = await db.query<{ token_hash: string }>(
    `update bots b set online_until = $3 from agents a
     where b.agent_id = $1 and a.id = b.agent_id and b.token_hash = any($2::text[])
       and b.suspended_at is null and a.retired_at is null
     returning b.token_hash`,
    [id, tokenHashes, until],
  );
  return rows[0]?.token_hash ?? null;
}

/** One event of a bot's log. */
export interface BotEventRow {
  seq: number;
  kind: 'match-start' | 'move' | 'match-end';
  payload: object;
}

const eventRowSchema = z.object({
  seq: z.coerce.number().int(),
  kind: z.enum(['match-start', 'move', 'match-end']),
  payload: z.preprocess(
    (value) => (typeof value === 'string' ? JSON.parse(value) : value),
    z.record(z.string(), z.unknown()),
  ),
});

/**
 * The logs of several bots at once, each after its own event (at most `limit` of each): one
 * statement for every stream woken by the same commit. The answers in the order asked.
 */
export async function readBotLogs(
  db: Queryable,
  wants: readonly { botId: string; afterSeq: number }[],
  limit: number,
): Promise<BotEventRow[][]> {
  const { rows } = await db.query<{ n: number | string }>(
    `select want.n, e.seq, e.kind, e.payload
     from unnest($1::text[], $2::bigint[]) with ordinality as want(bot_id, after_seq, n)
       cross join lateral (
         select seq, kind, payload from bot_events
         where bot_id = want.bot_id and seq > want.after_seq order by seq limit $3) e
     order by want.n, e.seq`,
    [wants.map((want) => want.botId), wants.map((want) => want.afterSeq), limit],
  );
  const logs: BotEventRow[][] = wants.map(() => []);
  for (const row of rows) logs[Number(row.n) - 1]?.push(eventRowSchema.parse(row));
  return logs;
}

/**
 * Where a new connection (no Last-Event-ID) starts: just before the first event of the bot's
 * matches still announced or live, so it learns them; else after its last event.
 */
export async function freshStartSeq(db: Queryable, botId: string): Promise<number> {
  const { rows } = await db.query<{ seq: string | number | null }>(
    `select coalesce(
       (select min(e.seq) - 1 from bot_events e join matches m on m.id = e.match_id
        where e.bot_id = $1 and m.status in ('scheduled', 'live')),
       (select max(seq) from bot_events where bot_id = $1),
       0) as seq`,
    [botId],
  );
  return Number(rows[0]?.seq ?? 0);
}
