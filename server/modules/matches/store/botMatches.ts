import type { GameId } from '#core/games/gameIds.ts';
import { isGameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { type BotSeat, tellBots } from '#server/events/botEvents.ts';
import { CREATE_LOCK_KEY, insertMatch, type NewMatch } from './matchCreation.ts';

/** A bot that may be paired now: online, active, and in no scheduled or live match. */
export interface IdleBot {
  id: string;
  games: GameId[];
}

/** A bot is busy while it sits in a match that is announced or live. */
const BUSY = `exists (select 1 from matches m where m.status in ('scheduled', 'live')
  and b.agent_id in (m.first_agent_id, m.second_agent_id))`;

/** Every bot the runner may pair now. */
export async function listIdleBots(db: Queryable, now: Date): Promise<IdleBot[]> {
  const { rows } = await db.query<{ id: string; games: string[] }>(
    `select a.id, a.games from bots b join agents a on a.id = b.agent_id
     where b.online_until > $1 and b.suspended_at is null and b.token_hash is not null
       and a.retired_at is null and not a.hidden and not ${BUSY}
     order by a.id`,
    [now],
  );
  return rows.map((row) => ({ id: row.id, games: row.games.filter(isGameId) }));
}

/**
 * What `createBotMatch` did: created the match, or why not (busy: a bot has a match already;
 * full: `botMatchesMax` reached; same-owner: both agents are one owner's; no-agent: one is gone).
 */
export type BotMatchOutcome =
  | { matchId: string }
  | { refused: 'busy' | 'full' | 'same-owner' | 'no-agent' };

/**
 * Creates a match with at least one bot seated, if each bot in it is still idle, the two agents
 * have different owners (else an owner could throw one side for the other's bettors, or farm
 * ratings), and fewer than `botMatchesMax` matches with a bot seated are announced or live. All
 * of it is checked under the lock that serialises match creation, so a bot never gets two matches
 * at once and no two processes together exceed the cap. Tells the bots. Bot matches come on top
 * of LIVE_MATCHES, up to BOT_MATCHES_MAX (a tournament's games count against neither: the field
 * bounds them).
 */
export async function createBotMatch(
  db: Database,
  input: NewMatch & { moveTimeoutMs: number; botMatchesMax: number },
  now: Date,
  leaseUntil: Date,
): Promise<BotMatchOutcome> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CREATE_LOCK_KEY]);
    // Every check, the seats' names and which of them are bots, in one statement: a bots' match
    // is a score of statements besides its moves, and the bots bench counts them.
    const { rows } = await tx.query<{
      busy: boolean;
      same_owner: boolean;
      running: number;
      first_name: string | null;
      second_name: string | null;
      bot_ids: string[];
    }>(
      `select
         exists (select 1 from bots b where b.agent_id in ($1, $2) and ${BUSY}) as busy,
         exists (select 1 from agents a1 join agents a2 on a2.owner_id = a1.owner_id
           where a1.id = $1 and a2.id = $2) as same_owner,
         (select count(*)::int from matches m where m.status in ('scheduled', 'live')
           and m.tournament_id is null
           and exists (select 1 from bots b where b.agent_id in (m.first_agent_id, m.second_agent_id)))
           as running,
         (select name from agents where id = $1) as first_name,
         (select name from agents where id = $2) as second_name,
         array(select b.agent_id from bots b where b.agent_id in ($1, $2) order by b.agent_id)
           as bot_ids`,
      [input.firstId, input.secondId],
    );
    const checked = rows[0];
    if (!checked || checked.busy) return { refused: 'busy' };
    if (checked.same_owner) return { refused: 'same-owner' };
    if (checked.running >= input.botMatchesMax) return { refused: 'full' };
    if (!(await insertMatch(tx, input, now, leaseUntil))) return { refused: 'no-agent' };
    const nameOf = (id: string) =>
      (id === input.firstId ? checked.first_name : checked.second_name) ?? id;
    const seats: BotSeat[] = checked.bot_ids.map((botId) => ({
      botId,
      side: botId === input.firstId ? 'first' : 'second',
    }));
    const startsAt = (input.startsAt ?? now).toISOString();
    const rules = gameOf(input.game);
    await tellBots(tx, input.id, seats, 'match-start', (seat) => {
      const opponentId = seat.side === 'first' ? input.secondId : input.firstId;
      return {
        game: input.game,
        opponent: { id: opponentId, name: nameOf(opponentId) },
        startsAt,
        moveTimeoutMs: input.moveTimeoutMs,
        legalMoves: seat.side === 'first' ? rules.legalMoves(rules.initial()) : [],
      };
    });
    return { matchId: input.id };
  });
}
