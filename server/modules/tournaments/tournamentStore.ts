import { z } from 'zod';
import { GAME_IDS, type GameId } from '#core/games/gameIds.ts';
import type { TournamentSummary } from '#core/protocol/tournamentViews.ts';
import type { Queryable } from '#server/db/database.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));
const bigintText = z.union([z.string(), z.number()]).transform((value) => BigInt(value));

const tournamentRowSchema = z.object({
  id: z.string(),
  game: z.enum(GAME_IDS),
  format: z.enum(['round-robin', 'swiss', 'knockout']),
  rounds: z.number().int().nullable(),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  starts_at: timestamp,
  entry_fee: bigintText,
  house_prize: bigintText,
  entrant_limit: z.number().int(),
  think_time_ms: z.number().int(),
  prize_shares: z.array(z.number().int()),
  entrants: z.number().int(),
  fees: bigintText,
});

/** A tournament row with its entrant count and the fees they paid. */
export type TournamentRow = z.infer<typeof tournamentRowSchema>;

/**
 * Each tournament with the count and fees of its entrants, read through the entrants' primary
 * key (bounded by the entrant limit).
 */
const ROW_COLUMNS = `t.id::text as id, t.game, t.format, t.rounds, t.status, t.starts_at,
    t.entry_fee::text as entry_fee, t.house_prize::text as house_prize, t.entrant_limit,
    t.think_time_ms, t.prize_shares, held.entrants, held.fees`;
const HELD = `cross join lateral (select count(*)::int as entrants,
    coalesce(sum(e.fee_paid), 0)::text as fees
    from tournament_entrants e where e.tournament_id = t.id) held`;
const ROW_SELECT = `select ${ROW_COLUMNS} from tournaments t ${HELD}`;

/** How many of each status the list shows. */
const LIST_SIZE = 50;

/** One tournament with its entrants' count and fees, or null. */
export async function findTournament(db: Queryable, id: string): Promise<TournamentRow | null> {
  const { rows } = await db.query(`${ROW_SELECT} where t.id = $1`, [id]);
  return rows[0] ? tournamentRowSchema.parse(rows[0]) : null;
}

/** The list's three parts: soonest first, except the ended ones (finished or cancelled). */
export type TournamentListPart = 'upcoming' | 'live' | 'ended';

/**
 * Each part's filter and order, written as the indexes of 0900_tournaments.sql are (the statuses
 * as literals, so the ended part's partial indexes apply): a range read in order, stopped at the
 * list's size.
 */
const LIST_PARTS: Record<TournamentListPart, { where: string; order: string }> = {
  upcoming: { where: `t.status = 'scheduled'`, order: 't.starts_at, t.id' },
  live: { where: `t.status = 'live'`, order: 't.starts_at, t.id' },
  ended: { where: `t.status in ('finished', 'cancelled')`, order: 't.starts_at desc, t.id desc' },
};

/** One part of the list, of every game or one. */
export async function listTournaments(
  db: Queryable,
  part: TournamentListPart,
  game: GameId | null,
): Promise<TournamentRow[]> {
  const { where, order } = LIST_PARTS[part];
  const { rows } = await db.query(
    `${ROW_SELECT} where ${where}${game ? ' and t.game = $2' : ''} order by ${order} limit $1`,
    game ? [LIST_SIZE, game] : [LIST_SIZE],
  );
  return rows.map((row) => tournamentRowSchema.parse(row));
}

/** The wire shape of a tournament: its pool is the fees paid plus the house's prize. */
export function toTournamentSummary(row: TournamentRow): TournamentSummary {
  return {
    id: row.id,
    game: row.game,
    format: row.format,
    rounds: row.rounds,
    status: row.status,
    startsAt: row.starts_at.toISOString(),
    entryFee: Number(row.entry_fee),
    housePrize: Number(row.house_prize),
    pool: Number(row.fees + row.house_prize),
    entrants: row.entrants,
    entrantLimit: row.entrant_limit,
    thinkTimeMs: row.think_time_ms,
  };
}

const entrantRowSchema = z.object({
  agent_id: z.string(),
  name: z.string(),
  kind: z.enum(['builtin', 'custom', 'bot']),
  owner_nickname: z.string().nullable(),
  rating: z.number(),
  seed_rating: z.number(),
  entered_at: timestamp,
});

/** An entrant with its name, owner and rating in the tournament's game. */
export type EntrantRow = z.infer<typeof entrantRowSchema>;

/**
 * A tournament's entrants in the order they entered, with their rating in the game now and the
 * one they are seeded by (fixed at the start; until then the same); unrated ones at 1500.
 */
export async function listEntrants(
  db: Queryable,
  tournamentId: string,
  game: GameId,
): Promise<EntrantRow[]> {
  const { rows } = await db.query(
    `select e.agent_id, a.name, a.kind, u.nickname as owner_nickname,
       coalesce(r.rating, 1500) as rating, coalesce(e.seed_rating, r.rating, 1500) as seed_rating,
       e.entered_at
     from tournament_entrants e join agents a on a.id = e.agent_id
       left join users u on u.id = a.owner_id
       left join agent_ratings r on r.agent_id = e.agent_id and r.game = $2
     where e.tournament_id = $1 order by e.entered_at, e.agent_id`,
    [tournamentId, game],
  );
  return rows.map((row) => entrantRowSchema.parse(row));
}

/** How many of an agent's tournaments its page lists, newest first. */
const AGENT_TOURNAMENTS = 20;

/** One of an agent's tournaments, with the place it finished in (null until settled). */
export interface AgentTournamentRow {
  tournament: TournamentRow;
  place: number | null;
}

/**
 * An agent's newest tournaments (any status), through its entries' index: at most
 * `AGENT_TOURNAMENTS`, each with the place the settlement wrote.
 */
export async function listAgentTournaments(
  db: Queryable,
  agentId: string,
): Promise<AgentTournamentRow[]> {
  const { rows } = await db.query<Record<string, unknown> & { final_place: number | null }>(
    `select ${ROW_COLUMNS}, mine.final_place
     from tournament_entrants mine join tournaments t on t.id = mine.tournament_id ${HELD}
     where mine.agent_id = $1 order by t.starts_at desc, t.id desc limit $2`,
    [agentId, AGENT_TOURNAMENTS],
  );
  return rows.map((row) => ({
    tournament: tournamentRowSchema.parse(row),
    place: row.final_place ?? null,
  }));
}
