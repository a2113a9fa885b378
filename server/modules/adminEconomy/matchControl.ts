import { randomInt, randomUUID } from 'node:crypto';
import type { GameId } from '#core/games/gameIds.ts';
import { gameOf } from '#core/games/registry.ts';
import type { ResultEvent } from '#core/protocol/matches.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { announcedMatchEventsSql, announcedWakeSql } from '#server/db/stores/notificationEvents.ts';
import { botSeats, tellBots } from '#server/events/botEvents.ts';
import { publishMatchEvent } from '#server/events/matchChannel.ts';
import { HttpError } from '#server/plugins/errors.ts';

/**
 * Settles the bets of a match in the transaction that ends it (a cancelled match refunds every
 * stake). The app composes it (app.ts), so this module never imports the betting one.
 */
export type SettleBets = (tx: Queryable, matchId: string, now: Date) => Promise<void>;

/**
 * Cancels a scheduled or live match and refunds every stake in the same transaction; watchers
 * get a `cancelled` result event. 404 unknown, 409 already over.
 */
export async function cancelMatch(
  db: Database,
  matchId: string,
  settleBets: SettleBets,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ game: GameId; status: string; moves: string }>(
      'select game, status, moves from matches where id = $1 for update',
      [matchId],
    );
    const match = rows[0];
    if (!match) throw new HttpError(404, 'This match does not exist.');
    if (match.status !== 'scheduled' && match.status !== 'live') {
      throw new HttpError(409, 'This match is already over.');
    }
    await tx.query(
      `update matches set status = 'cancelled', ended_at = $2, owner = null, lease_until = null
       where id = $1`,
      [matchId, now],
    );
    await settleBets(tx, matchId, now);
    const event: ResultEvent = {
      matchId,
      status: 'cancelled',
      moves: match.moves,
      plies: gameOf(match.game).decodeMoves(match.moves).length,
      endedAt: now.toISOString(),
      resultCells: [],
    };
    await publishMatchEvent(tx, { kind: 'result', event });
    await tellBots(tx, matchId, await botSeats(tx, matchId), 'match-end', () => ({
      game: match.game,
      status: 'cancelled',
      result: null,
      reason: null,
      plies: event.plies,
    }));
  });
}

/**
 * Announces a match of a game between two chosen agents, taking bets for `bettingWindowMs`; no
 * process owns it yet, so the next runner sweep claims and plays it. 404 for an unknown or
 * unavailable agent, or one that does not play the game. Bots are not started by hand: the runner
 * pairs them while they are online. The agents' followers are told as of a match the runner
 * announces, in the same statement, except the admin who started it (`actorId`).
 */
export async function startMatch(
  db: Database,
  agents: { game: GameId; firstAgentId: string; secondAgentId: string },
  bettingWindowMs: number,
  now: Date,
  actorId: string | null = null,
): Promise<string> {
  const id = randomUUID();
  const startsAt = new Date(now.getTime() + bettingWindowMs);
  const { rows } = await db.query<{ id: string }>(
    `with created as (insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
       second_rating, seed, started_at, starts_at)
     select $1, $6, 'scheduled', a1.id, a2.id, coalesce(r1.rating, 1500),
       coalesce(r2.rating, 1500), $4, $5, $5
     from agents a1 cross join agents a2
       left join agent_ratings r1 on r1.agent_id = a1.id and r1.game = $6
       left join agent_ratings r2 on r2.agent_id = a2.id and r2.game = $6
     where a1.id = $2 and a2.id = $3 and not a1.hidden and not a2.hidden
       and a1.kind <> 'bot' and a2.kind <> 'bot'
       and a1.retired_at is null and a2.retired_at is null
       and $6 = any(a1.games) and $6 = any(a2.games)
     returning id, first_agent_id, second_agent_id),
     announced as (${announcedMatchEventsSql('created', '$7', '$8')})
     select id, ${announcedWakeSql('announced')} as woken from created`,
    [
      id,
      agents.firstAgentId,
      agents.secondAgentId,
      randomInt(2 ** 31 - 1),
      startsAt,
      agents.game,
      now,
      actorId,
    ],
  );
  if (!rows[0]) {
    throw new HttpError(404, 'Both agents must exist, be active, play this game and not be bots.');
  }
  return id;
}
