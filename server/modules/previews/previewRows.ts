import { z } from 'zod';
import type { Queryable } from '#server/db/database.ts';

/*
 * What a link preview needs of a match, an agent (bots are agents) or a tournament: one row each,
 * by primary key. Rows are checked with zod as every read of the database is.
 */

const matchPreviewSchema = z.object({
  id: z.string(),
  game: z.string(),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  moves: z.string(),
  result: z.enum(['first', 'second', 'draw']).nullable(),
  first_name: z.string(),
  second_name: z.string(),
});
export type MatchPreviewRow = z.infer<typeof matchPreviewSchema>;

const agentPreviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['builtin', 'custom', 'bot']),
  tagline: z.string(),
  rating: z.number(),
  wins: z.number(),
  losses: z.number(),
  draws: z.number(),
  games: z.array(z.string()),
});
export type AgentPreviewRow = z.infer<typeof agentPreviewSchema>;

const tournamentPreviewSchema = z.object({
  id: z.string(),
  game: z.string(),
  format: z.string(),
  status: z.enum(['scheduled', 'live', 'finished', 'cancelled']),
  entrant_limit: z.number(),
  entrants: z.coerce.number(),
});
export type TournamentPreviewRow = z.infer<typeof tournamentPreviewSchema>;

/** Tournament ids are UUIDs: anything else is unknown without asking PostgreSQL (which throws). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function findMatchPreview(
  db: Queryable,
  id: string,
): Promise<MatchPreviewRow | undefined> {
  const { rows } = await db.query(
    `select m.id, m.game, m.status, m.moves, m.result, a1.name as first_name, a2.name as second_name
     from matches m join agents a1 on a1.id = m.first_agent_id
       join agents a2 on a2.id = m.second_agent_id
     where m.id = $1`,
    [id],
  );
  return rows[0] === undefined ? undefined : matchPreviewSchema.parse(rows[0]);
}

/** A public agent: hidden and retired ones preview as the site does. */
export async function findAgentPreview(
  db: Queryable,
  id: string,
): Promise<AgentPreviewRow | undefined> {
  const { rows } = await db.query(
    `select id, name, kind, tagline, rating, wins, losses, draws, games from agents
     where id = $1 and not hidden and retired_at is null`,
    [id],
  );
  return rows[0] === undefined ? undefined : agentPreviewSchema.parse(rows[0]);
}

export async function findTournamentPreview(
  db: Queryable,
  id: string,
): Promise<TournamentPreviewRow | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await db.query(
    `select t.id::text as id, t.game, t.format, t.status, t.entrant_limit,
       (select count(*) from tournament_entrants e where e.tournament_id = t.id) as entrants
     from tournaments t where t.id = $1`,
    [id],
  );
  return rows[0] === undefined ? undefined : tournamentPreviewSchema.parse(rows[0]);
}
