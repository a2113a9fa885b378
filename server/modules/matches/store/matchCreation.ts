import type { GameId } from '#core/games/gameIds.ts';
import type { Database, Queryable } from '#server/db/database.ts';
import { announcedMatchEventsSql, announcedWakeSql } from '#server/db/stores/notificationEvents.ts';
import { liveRunnerCount, type OwnerLiveness } from './ownerLiveness.ts';

// Serialises match creation across processes so LIVE_MATCHES is never overshot.
export const CREATE_LOCK_KEY = 510_001;

/** A new match row, owned by `owner`: announced until `startsAt` when set, else live. */
export interface NewMatch {
  id: string;
  game: GameId;
  firstId: string;
  secondId: string;
  seed: number;
  owner: string;
  /** When set, the match is announced ('scheduled', taking bets) until this first move. */
  startsAt?: Date | null;
  /** A tournament's game: its round, and the think-time limit its engines keep to. */
  tournament?: { id: string; round: number; thinkTimeMs: number };
}

/**
 * Creates a live match of `game` owned by `input.owner` if fewer than `liveTarget` of that game
 * are live; returns its id. Bots' matches are not counted: they come on top of the target
 * (LIVE_MATCHES), so a bot at play never leaves watchers fewer of the engines' matches. Each
 * side starts with its rating in that game. Given `runners` (how the runners alive are told),
 * the owner also keeps to its share of the target, the target over the runners alive, rounded
 * up: else the first runner to sweep seats every match and replaces each of its own the moment
 * it ends, and the others never play while it lives.
 */
export async function createMatchIfBelowTarget(
  db: Database,
  input: NewMatch,
  liveTarget: number,
  now: Date,
  leaseUntil: Date,
  runners?: OwnerLiveness,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [CREATE_LOCK_KEY]);
    const { rows } = await tx.query<{ live: number; owned: number }>(
      `select count(*)::int as live, (count(*) filter (where owner = $2))::int as owned
       from matches m
       where status in ('scheduled', 'live') and game = $1 and tournament_id is null
         and not exists (select 1 from bots b
           where b.agent_id in (m.first_agent_id, m.second_agent_id))`,
      [input.game, input.owner],
    );
    const { live = 0, owned = 0 } = rows[0] ?? {};
    if (live >= liveTarget) return null;
    if (runners && owned >= Math.ceil(liveTarget / (await liveRunnerCount(tx, runners)))) {
      return null;
    }
    await insertMatch(tx, input, now, leaseUntil);
    return input.id;
  });
}

/**
 * Inserts a match with each side's rating in its game; false when an agent does not exist, or
 * when it is a tournament's game that is there already (created by this or another process).
 */
export async function insertMatch(
  tx: Queryable,
  input: NewMatch,
  now: Date,
  leaseUntil: Date,
): Promise<boolean> {
  // Its followers are told in the same statement: a match nobody follows costs nothing more.
  const { rows } = await tx.query(
    `with created as (insert into matches (id, game, status, first_agent_id, second_agent_id, first_rating,
       second_rating, seed, owner, lease_until, started_at, starts_at, tournament_id,
       tournament_round, think_time_ms)
     select $1, $9, case when $8::timestamptz is null then 'live' else 'scheduled' end, a1.id,
       a2.id, coalesce(r1.rating, 1500), coalesce(r2.rating, 1500), $4, $5, $6,
       coalesce($8, $7), $8, $10::uuid, $11::integer, $12::integer
     from agents a1 cross join agents a2
       left join agent_ratings r1 on r1.agent_id = a1.id and r1.game = $9
       left join agent_ratings r2 on r2.agent_id = a2.id and r2.game = $9
     where a1.id = $2 and a2.id = $3
     on conflict (tournament_id, tournament_round, first_agent_id, second_agent_id)
       where tournament_id is not null and status <> 'cancelled' do nothing
     returning id, first_agent_id, second_agent_id),
     announced as (${announcedMatchEventsSql('created', '$7')})
     select id, ${announcedWakeSql('announced')} as woken from created`,
    [
      input.id,
      input.firstId,
      input.secondId,
      input.seed,
      input.owner,
      leaseUntil,
      now,
      input.startsAt ?? null,
      input.game,
      input.tournament?.id ?? null,
      input.tournament?.round ?? null,
      input.tournament?.thinkTimeMs ?? null,
    ],
  );
  return rows.length > 0;
}
