import type { z } from 'zod';
import type { createAgentBodySchema, UpdateAgentBody } from '#core/protocol/customAgents.ts';
import { nameKey } from '#core/text/names.ts';
import type { Queryable } from '#server/db/database.ts';

/** A custom agent to insert: the checked create body, its new id, owner and creation time. */
export interface NewCustomAgent {
  id: string;
  ownerId: string;
  fields: z.output<typeof createAgentBodySchema>;
  createdAt: Date;
}

/**
 * How many agents a user has that are not retired, with the user's row locked for the rest of the
 * transaction: it serialises their creations, so the limit holds under concurrency.
 */
export async function countActiveAgentsLocked(tx: Queryable, userId: string): Promise<number> {
  await tx.query('select id from users where id = $1 for update', [userId]);
  const { rows } = await tx.query<{ count: number }>(
    `select count(*)::int as count from agents
     where owner_id = $1 and kind = 'custom' and retired_at is null`,
    [userId],
  );
  return rows[0]?.count ?? 0;
}

/** Inserts a user's custom agent; a name taken meanwhile fails with a unique violation. */
export async function insertCustomAgent(tx: Queryable, agent: NewCustomAgent): Promise<void> {
  const { fields } = agent;
  await tx.query(
    `insert into agents (id, name, tagline, traits, kind, owner_id, color, created_at, games,
       name_key)
     values ($1, $2, $3, $4, 'custom', $5::uuid, $6, $7, $8, $9)`,
    [
      agent.id,
      fields.name,
      fields.tagline,
      JSON.stringify(fields.traits),
      agent.ownerId,
      fields.color,
      agent.createdAt,
      fields.games,
      nameKey(fields.name),
    ],
  );
}

/** Changes the fields the body names of an agent, leaving the others as they are. */
export async function updateCustomAgent(
  tx: Queryable,
  agentId: string,
  changes: UpdateAgentBody,
): Promise<void> {
  await tx.query(
    `update agents set name = coalesce($2, name), tagline = coalesce($3, tagline),
       traits = coalesce($4::jsonb, traits), color = coalesce($5, color),
       games = coalesce($6::text[], games), name_key = coalesce($7, name_key) where id = $1`,
    [
      agentId,
      changes.name ?? null,
      changes.tagline ?? null,
      changes.traits ? JSON.stringify(changes.traits) : null,
      changes.color ?? null,
      changes.games ?? null,
      changes.name === undefined ? null : nameKey(changes.name),
    ],
  );
}

/** Retires an agent: not deleted, so its matches, ratings and earnings stay on record. */
export async function retireAgent(tx: Queryable, agentId: string, retiredAt: Date): Promise<void> {
  await tx.query('update agents set retired_at = $2 where id = $1', [agentId, retiredAt]);
}
