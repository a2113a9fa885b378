import { z } from 'zod';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { GAME_IDS, type GameId, isGameId } from '#core/games/gameIds.ts';
import {
  type AgentDetail,
  RATING_HISTORY_POINTS,
  ratingHistoryPointSchema,
} from '#core/protocol/agentDetail.ts';
import { type AgentSummary, agentSummarySchema, LEADERBOARD_SIZE } from '#core/protocol/agents.ts';
import type { Queryable } from '#server/db/database.ts';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

// Games no longer registered are dropped from an agent's list, never an error.
const gamesSchema = z.array(z.string()).transform((games) => games.filter(isGameId));

const agentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string(),
  traits: z.preprocess(json, agentTraitsSchema),
  games: gamesSchema,
  /** `bot`: its moves come from its owner's program over the bot API, not from an engine. */
  kind: z.enum(['builtin', 'custom', 'bot']),
  /** The user who owns a bot or custom agent; null for a built-in one. */
  owner_id: z.string().nullable(),
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
});

/** The agent row with the traits, games and rating the runner needs to play it. */
export type AgentRow = z.infer<typeof agentRowSchema>;

// Without a game: the overall standing kept on `agents`; with one: that game's, 1500 and no
// record for an agent that has not played it yet.
function columnsFor(game: GameId | undefined): string {
  const standing = game
    ? `coalesce(r.rating, 1500) as rating, coalesce(r.deviation, 350) as deviation,
       coalesce(r.volatility, 0.06) as volatility, coalesce(r.wins, 0) as wins,
       coalesce(r.losses, 0) as losses, coalesce(r.draws, 0) as draws`
    : 'a.rating, a.deviation, a.volatility, a.wins, a.losses, a.draws';
  return `a.id, a.name, a.tagline, a.traits, a.games, a.kind, a.owner_id::text as owner_id, ${standing}`;
}

function toSummary(row: AgentRow): AgentSummary {
  return agentSummarySchema.parse({
    id: row.id,
    name: row.name,
    tagline: row.tagline,
    traits: row.traits,
    games: row.games,
    rating: { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
    record: { wins: row.wins, losses: row.losses, draws: row.draws },
  });
}

/** The named agents as stored with their overall standing, in no set order; unknown ids are left out. */
export async function findAgentRows(db: Queryable, ids: readonly string[]): Promise<AgentRow[]> {
  const { rows } = await db.query(
    `select ${columnsFor(undefined)} from agents a where a.id = any($1::text[])`,
    [ids],
  );
  return rows.map((row) => agentRowSchema.parse(row));
}

/**
 * The public leaderboard's top `LEADERBOARD_SIZE`: agents neither hidden by an admin nor retired,
 * best rating first. With `game`, that game's leaderboard of the agents who play it. Each walks
 * an index in rating order and stops at the limit: the overall one `agents_leaderboard`, one
 * game's `agent_ratings_leaderboard` (every agent has a standing row in each game it plays, from
 * migration 0810), joining each row's agent.
 */
export async function listAgents(db: Queryable, game?: GameId): Promise<AgentSummary[]> {
  const { rows } = game
    ? await db.query(
        `select ${columnsFor(game)} from agent_ratings r join agents a on a.id = r.agent_id
         where r.game = $1 and not a.hidden and a.retired_at is null and $1 = any(a.games)
         order by r.rating desc, r.agent_id limit ${LEADERBOARD_SIZE}`,
        [game],
      )
    : await db.query(
        `select ${columnsFor(undefined)} from agents a
         where not a.hidden and a.retired_at is null
         order by a.rating desc, a.id limit ${LEADERBOARD_SIZE}`,
      );
  return rows.map((row) => toSummary(agentRowSchema.parse(row)));
}

/** The named agents with their overall standing, in no set order; unknown ids are left out. */
export async function findAgents(db: Queryable, ids: readonly string[]): Promise<AgentSummary[]> {
  const { rows } = await db.query(
    `select ${columnsFor(undefined)} from agents a where a.id = any($1::text[])`,
    [ids],
  );
  return rows.map((row) => toSummary(agentRowSchema.parse(row)));
}

const standingRowSchema = z.object({
  game: z.string(),
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  judged_moves: z.number().int(),
  accurate_moves: z.number().int(),
});

/**
 * One agent with its standing per game and its latest `RATING_HISTORY_POINTS` ratings (oldest
 * first), or null; a bot also says whether it is online at `now`.
 */
export async function findAgent(db: Queryable, id: string, now: Date): Promise<AgentDetail | null> {
  const { rows } = await db.query(
    `select ${columnsFor(undefined)}, b.online_until > $2 as online
     from agents a left join bots b on b.agent_id = a.id where a.id = $1`,
    [id, now],
  );
  if (!rows[0]) return null;
  const row = agentRowSchema.parse(rows[0]);
  const summary = toSummary(row);
  const bot = row.kind === 'bot' ? { bot: { online: rows[0].online === true } } : {};
  const standings = await db.query(
    `select game, rating, deviation, volatility, wins, losses, draws, judged_moves,
       accurate_moves
     from agent_ratings where agent_id = $1`,
    [id],
  );
  const history = await db.query<{
    match_id: string;
    game: string;
    rating: number;
    deviation: number;
    recorded_at: Date | string;
  }>(
    `select * from (
       select match_id, game, rating, deviation, recorded_at from rating_history
       where agent_id = $1 order by recorded_at desc, match_id desc limit ${RATING_HISTORY_POINTS}
     ) latest order by recorded_at, match_id`,
    [id],
  );
  return {
    ...summary,
    ...bot,
    standings: standings.rows
      .map((row) => standingRowSchema.parse(row))
      .filter((row): row is typeof row & { game: GameId } => isGameId(row.game))
      .sort((a, b) => GAME_IDS.indexOf(a.game) - GAME_IDS.indexOf(b.game))
      .map((row) => ({
        game: row.game,
        rating: { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
        record: { wins: row.wins, losses: row.losses, draws: row.draws },
        accuracy: { judged: row.judged_moves, accurate: row.accurate_moves },
      })),
    ratingHistory: history.rows
      .filter((point) => isGameId(point.game))
      .map((point) =>
        ratingHistoryPointSchema.parse({
          matchId: point.match_id,
          game: point.game,
          rating: point.rating,
          deviation: point.deviation,
          at: new Date(point.recorded_at).toISOString(),
        }),
      ),
  };
}
