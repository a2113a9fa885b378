import { z } from 'zod';
import { agentTraitsSchema } from '../../../core/agents/traits.ts';
import {
  type AgentDetail,
  type AgentSummary,
  agentSummarySchema,
  ratingHistoryPointSchema,
} from '../../../core/protocol/agents.ts';
import type { Queryable } from '../../db/database.ts';

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

const agentRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  tagline: z.string(),
  traits: z.preprocess(json, agentTraitsSchema),
  rating: z.number(),
  deviation: z.number(),
  volatility: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
});

/** The agent row with the traits and rating the runner needs to play it. */
export type AgentRow = z.infer<typeof agentRowSchema>;

const AGENT_COLUMNS =
  'id, name, tagline, traits, rating, deviation, volatility, wins, losses, draws';

function toSummary(row: AgentRow): AgentSummary {
  return agentSummarySchema.parse({
    id: row.id,
    name: row.name,
    tagline: row.tagline,
    traits: row.traits,
    rating: { rating: row.rating, deviation: row.deviation, volatility: row.volatility },
    record: { wins: row.wins, losses: row.losses, draws: row.draws },
  });
}

/** Every agent as stored, best rating first. */
export async function listAgentRows(db: Queryable): Promise<AgentRow[]> {
  const { rows } = await db.query(`select ${AGENT_COLUMNS} from agents order by rating desc, id`);
  return rows.map((row) => agentRowSchema.parse(row));
}

/** The public leaderboard: agents neither hidden by an admin nor retired, best rating first. */
export async function listAgents(db: Queryable): Promise<AgentSummary[]> {
  const { rows } = await db.query(
    `select ${AGENT_COLUMNS} from agents where not hidden and retired_at is null
     order by rating desc, id`,
  );
  return rows.map((row) => toSummary(agentRowSchema.parse(row)));
}

/** One agent with its rating history (oldest first), or null. */
export async function findAgent(db: Queryable, id: string): Promise<AgentDetail | null> {
  const { rows } = await db.query(`select ${AGENT_COLUMNS} from agents where id = $1`, [id]);
  if (!rows[0]) return null;
  const summary = toSummary(agentRowSchema.parse(rows[0]));
  const history = await db.query<{
    match_id: string;
    rating: number;
    deviation: number;
    recorded_at: Date | string;
  }>(
    `select match_id, rating, deviation, recorded_at from rating_history
     where agent_id = $1 order by recorded_at, match_id`,
    [id],
  );
  return {
    ...summary,
    ratingHistory: history.rows.map((point) =>
      ratingHistoryPointSchema.parse({
        matchId: point.match_id,
        rating: point.rating,
        deviation: point.deviation,
        at: new Date(point.recorded_at).toISOString(),
      }),
    ),
  };
}
