import type { GameId } from '../../../../core/games/gameIds.ts';
import { isGameId } from '../../../../core/games/gameIds.ts';
import { gameOf } from '../../../../core/games/registry.ts';
import type { Database, Queryable } from '../../../db/database.ts';
import { botSeats, tellBots } from '../../../events/botEvents.ts';
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
    const { rows: busy } = await tx.query(
      `select 1 from bots b where b.agent_id in ($1, $2) and ${BUSY}`,
      [input.firstId, input.secondId],
    );
    if (busy.length > 0) return { refused: 'busy' };
    const { rows: sameOwner } = await tx.query(
      `select 1 from agents a1 join agents a2 on a2.owner_id = a1.owner_id
       where a1.id = $1 and a2.id = $2`,
      [input.firstId, input.secondId],
    );
    if (sameOwner.length > 0) return { refused: 'same-owner' };
    const { rows: running } = await tx.query<{ count: number }>(
      `select count(*)::int as count from matches m where m.status in ('scheduled', 'live')
         and m.tournament_id is null and exists (select 1 from bots b where b.agent_id in (m.first_agent_id, m.second_agent_id))`,
    );
    if ((running[0]?.count ?? 0) >= input.botMatchesMax) return { refused: 'full' };
    if (!(await insertMatch(tx, input, now, leaseUntil))) return { refused: 'no-agent' };
    const seatNames = await tx.query<{ id: string; name: string }>(
      'select id, name from agents where id in ($1, $2)',
      [input.firstId, input.secondId],
    );
    const nameOf = (id: string) => seatNames.rows.find((row) => row.id === id)?.name ?? id;
    const startsAt = (input.startsAt ?? now).toISOString();
    const rules = gameOf(input.game);
    await tellBots(tx, input.id, await botSeats(tx, input.id), 'match-start', (seat) => {
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
