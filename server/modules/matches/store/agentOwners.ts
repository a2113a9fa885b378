import type { Queryable } from '../../../db/database.ts';

/** Agents' owners by agent id; agents without an owner (built-in ones) are absent. */
export type AgentOwners = ReadonlyMap<string, string>;

/** The owners of those of `agentIds` that have one (bots and custom agents). */
export async function ownersOf(db: Queryable, agentIds: string[]): Promise<AgentOwners> {
  const { rows } = await db.query<{ id: string; owner: string }>(
    'select id, owner_id::text as owner from agents where id = any($1::text[]) and owner_id is not null',
    [agentIds],
  );
  return new Map(rows.map((row) => [row.id, row.owner]));
}

/**
 * Whether two agents share an owner: such a pair never plays, or its owner could throw one side
 * for bets on the other, or feed one agent's rating with the other's losses.
 */
export function sameOwner(owners: AgentOwners, firstId: string, secondId: string): boolean {
  const owner = owners.get(firstId);
  return owner !== undefined && owners.get(secondId) === owner;
}
