import { createBatcher } from '#server/db/batcher.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { BOT_EVENTS_CHANNEL } from '#server/events/botEvents.ts';
import {
  acceptedMove,
  type BotMoveAccepted,
  type BotMoveRefusal,
  type BotMoveRequest,
  type BotMoveRow,
  botMoveToApply,
  checkBotMove,
  recordBotMove,
  refuseUnknownMatch,
  storedBotMove,
  tokenLives,
} from './botMoves.ts';
import { LOCKED_MATCH_COLUMNS, type LockedMatch } from './lockedMatch.ts';
import { type MovePlan, type MoveToApply, planMove } from './matchWriter.ts';

type BotMoveAnswer = BotMoveAccepted | BotMoveRefusal;

/** At most this many moves in one transaction: its lock statement and write stay short. */
const MOST_MOVES_PER_BATCH = 128;

/**
 * Group commit of bots' moves (through server/db/batcher.ts): the moves that arrive while a
 * batch commits are checked and written together, in one transaction of four statements (begin,
 * one lock of every match row with all the checks read beside it, one write of every move with
 * its logs and notifications, commit), however many there are. Each move is answered only once
 * its batch has committed, so a move is durable before it is acknowledged; each is checked
 * under its match's row lock as `recordBotMove` checks it, so ply order and exactly-once hold as
 * they do alone. A move that ends its match is left out and goes alone (see writeBatch). A batch
 * holds at most one move of a match (another waits for the next). When a
 * batch fails (a deadlock, a lost connection), nothing of it was kept, and each of its moves is
 * tried again alone in its own transaction, so one move's failure is never another's.
 */
export function createBotMoveRecorder(
  db: Database,
  onBatchError: (error: unknown) => void,
): (input: BotMoveRequest) => Promise<BotMoveAnswer> {
  return createBatcher<BotMoveRequest, BotMoveAnswer>({
    runBatch: async (inputs) => {
      const { answers, stored } = await db.transaction((tx) => writeBatch(tx, inputs));
      // Committed: each stored move's verdict is queued (it returns at once), then all answered.
      for (const { index, match, apply } of stored) {
        inputs[index]?.onStored?.(storedBotMove(match, apply.ply, apply.move));
      }
      return answers;
    },
    runOne: (input) => recordBotMove(db, input),
    keyOf: (input) => input.matchId,
    maxBatch: MOST_MOVES_PER_BATCH,
    onBatchError,
  });
}

/** A legal move checked under its lock, worked out and ready to write. */
interface PlannedBotMove {
  index: number;
  match: LockedMatch;
  apply: MoveToApply;
  plan: MovePlan;
}

/**
 * Checks and writes a batch of moves of distinct matches; the answers in the inputs' order (and
 * the moves stored), null for a move that ends its match (its last legal move, or an illegal one, which forfeits). Those go
 * alone, each in its own transaction once the batch has committed (`recordBotMove`, which checks
 * them again under the lock): a match's end locks its agents' and their owners' rows to rate and
 * settle, and two ends in one transaction lock them in no order another transaction knows, so a
 * batch deadlocked against an engine's move that ended a match (PostgreSQL found one after its
 * 1 s `deadlock_timeout`, and every move of the batch waited; docs/FIGURES.md). A lone end locks
 * as an engine's move does. The rest of the batch need not wait for any rating or settlement.
 */
async function writeBatch(
  tx: Queryable,
  inputs: readonly BotMoveRequest[],
): Promise<{ answers: (BotMoveAnswer | null)[]; stored: PlannedBotMove[] }> {
  const rows = await lockBotMoves(tx, inputs);
  const answers: (BotMoveAnswer | null)[] = [];
  const planned: PlannedBotMove[] = [];
  for (const [index, input] of inputs.entries()) {
    const row = rows.get(index);
    if (!row) {
      answers[index] = await refuseUnknownMatch(tx, input);
      continue;
    }
    const check = checkBotMove(row, input);
    if (!('play' in check)) answers[index] = check;
    else if (check.play === 'illegal') answers[index] = null;
    else {
      const apply = botMoveToApply(input, check.move);
      const plan = planMove(check.match, apply);
      if (plan.result) answers[index] = null;
      else planned.push({ index, match: check.match, apply, plan });
    }
  }
  await storeMoves(tx, planned);
  for (const { index, apply, plan } of planned) {
    const input = inputs[index]!;
    answers[index] = acceptedMove(input, apply.move, plan.move.moves);
  }
  return { answers, stored: planned };
}

/**
 * Locks every match row of the batch, in id order (so two writers never wait on each other in a
 * circle), reading with each what `checkBotMove` needs; by the move's index in `inputs`.
 */
async function lockBotMoves(
  tx: Queryable,
  inputs: readonly BotMoveRequest[],
): Promise<Map<number, BotMoveRow>> {
  const { rows } = await tx.query<BotMoveRow & { n: number }>(
    `select req.n::int as n, ${LOCKED_MATCH_COLUMNS}, m.result_reason,
       ${tokenLives('req.bot_id', 'req.token_hash')} as token_live,
       stored.move as stored_move, stored.agent_id as stored_agent_id
     from unnest($1::text[], $2::text[], $3::text[], $4::int[])
         with ordinality as req(match_id, bot_id, token_hash, ply, n)
       join matches m on m.id = req.match_id
       left join match_moves stored on stored.match_id = m.id and stored.ply = req.ply
     order by m.id
     for update of m`,
    [
      inputs.map((input) => input.matchId),
      inputs.map((input) => input.botId),
      inputs.map((input) => input.tokenHash),
      inputs.map((input) => input.ply),
    ],
  );
  return new Map(rows.map((row) => [Number(row.n) - 1, row]));
}

/**
 * Every move of the batch in one statement, as `STORE_MOVE` (matchWriter.ts) writes one: the
 * move rows, the match rows after them, the bots' log rows, every NOTIFY, and one wake-up per
 * bot told. A ply already stored fails on match_moves' primary key, and with it the batch.
 */
const STORE_MOVES = `with moved as (
    select * from unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[],
      $7::text[], $8::text[], $9::text[], $10::text[])
      as moved(match_id, ply, move, agent_id, trace, played_at, owner, moves, result, reason)
  ), stored as (
    insert into match_moves (match_id, ply, move, agent_id, trace, played_at, owner)
    select match_id, ply, move, agent_id, trace::jsonb, played_at::timestamptz, owner from moved
    returning match_id
  ), updated as (
    update matches m set moves = moved.moves, turn_started_at = moved.played_at::timestamptz,
      started_at = case when m.status = 'scheduled' then moved.played_at::timestamptz
        else m.started_at end,
      status = case when moved.result is null then 'live' else 'finished' end,
      result = moved.result, result_reason = moved.reason,
      ended_at = case when moved.result is null then null else moved.played_at::timestamptz end
    from moved where m.id = moved.match_id
    returning m.id
  ), told as (
    insert into bot_events (bot_id, match_id, kind, payload)
    select seat.bot_id, seat.match_id, 'move', seat.payload::jsonb
    from unnest($11::text[], $12::text[], $13::text[]) with ordinality as seat(bot_id, match_id, payload, n)
    order by seat.n
    returning bot_id
  )
  select pg_notify(channel, payload)
  from unnest($14::text[], $15::text[]) as notice(channel, payload)
  union all
  select pg_notify($16, bot_id) from (select distinct bot_id from told) as woken`;

async function storeMoves(tx: Queryable, planned: PlannedBotMove[]): Promise<void> {
  if (planned.length === 0) return;
  const moves = planned.map(({ match, apply, plan }) => ({ match, apply, plan }));
  const told = moves.flatMap(({ match, plan }) =>
    plan.told.map((row) => ({ ...row, matchId: match.id })),
  );
  const notifications = moves.flatMap(({ plan }) => plan.notifications);
  await tx.query(STORE_MOVES, [
    moves.map(({ match }) => match.id),
    moves.map(({ apply }) => apply.ply),
    moves.map(({ apply }) => apply.move),
    moves.map(({ apply }) => apply.agentId),
    moves.map(({ apply }) => JSON.stringify(apply.trace)),
    moves.map(({ apply }) => apply.now.toISOString()),
    moves.map(({ match }) => match.owner),
    moves.map(({ plan }) => plan.move.moves),
    moves.map(({ plan }) => plan.result),
    moves.map(({ plan }) => plan.reason),
    told.map((row) => row.botId),
    told.map((row) => row.matchId),
    told.map((row) => row.payload),
    notifications.map((row) => row.channel),
    notifications.map((row) => row.payload),
    BOT_EVENTS_CHANNEL,
  ]);
}
