import type { Queryable } from '#server/db/database.ts';

/** The NOTIFY channel that wakes a bot's event stream: the payload is the bot's id. */
export const BOT_EVENTS_CHANNEL = 'gridmind_bot_events';

/**
 * The NOTIFY channel that tells every process a bot's token died (rotated, revoked, suspended,
 * retired): the payload is the bot's id, and each process ends that bot's streams whose token
 * is no longer the live one.
 */
export const BOT_TOKENS_CHANNEL = 'gridmind_bot_tokens';

/** The NOTIFY channel that tells runners a bot moved (or forfeited): the payload is the match id. */
export const BOT_MOVES_CHANNEL = 'gridmind_bot_moves';

/** A bot's seat in a match. */
export interface BotSeat {
  botId: string;
  side: 'first' | 'second';
}

/** The bots playing a match (none, one or two), read in the caller's transaction. */
export async function botSeats(tx: Queryable, matchId: string): Promise<BotSeat[]> {
  const { rows } = await tx.query<{ bot_id: string; side: 'first' | 'second' }>(
    `select b.agent_id as bot_id,
       case when b.agent_id = m.first_agent_id then 'first' else 'second' end as side
     from matches m join bots b on b.agent_id in (m.first_agent_id, m.second_agent_id)
     where m.id = $1`,
    [matchId],
  );
  return rows.map((row) => ({ botId: row.bot_id, side: row.side }));
}

/** One row of a bot's log to append: whose, and what it is told (serialised). */
export interface NewBotEvent {
  botId: string;
  payload: string;
}

/** The log rows telling each seated bot of `kind`, each with its side and `payload(seat)`. */
export function botEventRows(
  matchId: string,
  seats: readonly BotSeat[],
  payload: (seat: BotSeat) => object,
): NewBotEvent[] {
  return seats.map((seat) => ({
    botId: seat.botId,
    payload: JSON.stringify({ matchId, side: seat.side, ...payload(seat) }),
  }));
}

/**
 * Appends one event for each bot seat to the bots' logs and wakes their streams, in the caller's
 * transaction and in one statement: a bot is told of a move exactly when the move is committed,
 * and never otherwise.
 */
export async function tellBots(
  tx: Queryable,
  matchId: string,
  seats: readonly BotSeat[],
  kind: 'match-start' | 'move' | 'match-end',
  payload: (seat: BotSeat) => object,
): Promise<void> {
  if (seats.length === 0) return;
  const rows = botEventRows(matchId, seats, payload);
  await tx.query(
    `with told as (
       insert into bot_events (bot_id, match_id, kind, payload)
       select seat.bot_id, $1, $2, seat.payload::jsonb
       from unnest($3::text[], $4::text[]) with ordinality as seat(bot_id, payload, n)
       order by seat.n
       returning bot_id)
     select pg_notify($5, bot_id) from told`,
    [
      matchId,
      kind,
      rows.map((row) => row.botId),
      rows.map((row) => row.payload),
      BOT_EVENTS_CHANNEL,
    ],
  );
}

/**
 * How long the events of an ended match stay in the bots' logs. A bot reconnecting with an older
 * Last-Event-ID has nothing left to learn from them, and the log would otherwise grow with every
 * move of every bot match forever.
 */
export const BOT_EVENTS_KEEP_MS = 24 * 60 * 60 * 1000;

/** Rows a prune deletes in one statement. */
const PRUNE_BATCH = 2_000;

/**
 * Deletes the bot events of matches that ended before `endedBefore`, `batch` rows a statement in
 * log order. On the embedded database a statement holds the event loop, so the first prune of a
 * long log runs as many short deletes with the watchers' deliveries between them; the cursor on
 * `seq` walks the log once however many batches it takes.
 */
export async function pruneBotEvents(
  db: Queryable,
  endedBefore: Date,
  batch = PRUNE_BATCH,
): Promise<void> {
  let after = 0;
  for (;;) {
    const { rows } = await db.query<{ seq: string }>(
      `delete from bot_events where seq in (
         select e.seq from bot_events e join matches m on m.id = e.match_id
         where e.seq > $2 and m.status in ('finished', 'cancelled') and m.ended_at < $1
         order by e.seq limit $3)
       returning seq::text as seq`,
      [endedBefore, after, batch],
    );
    if (rows.length < batch) return;
    after = Math.max(...rows.map((row) => Number(row.seq)));
  }
}
