import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { agentTraitsSchema } from '#core/agents/traits.ts';
import { isGameId } from '#core/games/gameIds.ts';
import { type OwnedAgent, ownedAgentSchema } from '#core/protocol/customAgents.ts';
import type { Queryable } from '#server/db/database.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));
const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);

const ownedRowSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  tagline: z.string(),
  traits: z.preprocess(json, agentTraitsSchema),
  games: z.array(z.string()).transform((games) => games.filter(isGameId)),
  kind: z.enum(['builtin', 'custom', 'bot']),
  owner_id: z.string().nullable(),
  hidden: z.boolean(),
  retired_at: timestamp.nullable(),
  rating: z.number(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  earnings: z.coerce.number(),
  created_at: timestamp,
});

/** An agent row with its owner and state, as the custom-agent routes need it. */
export type OwnedAgentRow = z.infer<typeof ownedRowSchema>;

const OWNED_SELECT = `select a.id, a.name, a.color, a.tagline, a.traits, a.games, a.kind,
  a.owner_id::text as owner_id, a.hidden, a.retired_at, a.rating, a.wins, a.losses, a.draws,
  (select coalesce(sum(e.amount), 0) from ledger_entries e
    where e.kind = 'commission' and e.agent_id = a.id and e.account = 'user')::text as earnings,
  a.created_at
  from agents a`;

/** A new custom agent's id: never a roster slug, unguessable enough to be harmless. */
export function newCustomAgentId(): string {
  return `custom-${randomBytes(6).toString('hex')}`;
}

/** One agent with owner, state and earnings, or null (`forUpdate` locks its row). */
export async function findOwnedAgentRow(
  db: Queryable,
  id: string,
  forUpdate = false,
): Promise<OwnedAgentRow | null> {
  const { rows } = await db.query(
    `${OWNED_SELECT} where a.id = $1${forUpdate ? ' for update of a' : ''}`,
    [id],
  );
  return rows[0] ? ownedRowSchema.parse(rows[0]) : null;
}

/** Every agent a user owns, retired ones last. */
export async function listOwnedAgents(db: Queryable, userId: string): Promise<OwnedAgent[]> {
  const { rows } = await db.query(
    `${OWNED_SELECT} where a.owner_id = $1 and a.kind = 'custom'
     order by (a.retired_at is not null), a.created_at desc`,
    [userId],
  );
  return rows.map((row) => toOwnedAgent(ownedRowSchema.parse(row)));
}

/** The wire shape of an owned agent. */
export function toOwnedAgent(row: OwnedAgentRow): OwnedAgent {
  return ownedAgentSchema.parse({
    id: row.id,
    name: row.name,
    color: row.color,
    tagline: row.tagline,
    traits: row.traits,
    games: row.games,
    status: row.retired_at ? 'retired' : row.hidden ? 'hidden' : 'active',
    rating: Math.round(row.rating),
    record: { wins: row.wins, losses: row.losses, draws: row.draws },
    earnings: row.earnings,
    createdAt: row.created_at.toISOString(),
  });
}
