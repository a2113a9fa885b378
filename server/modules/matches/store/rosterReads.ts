import { z } from 'zod';
import { isGameId } from '#core/games/gameIds.ts';
import type { Queryable } from '#server/db/database.ts';

const timestamp = z.union([z.date(), z.string()]).transform((value) => new Date(value));

/** What pairing reads of an agent: who it is, what it plays, whose it is. */
const rosterAgentSchema = z.object({
  id: z.string(),
  games: z.array(z.string()).transform((games) => games.filter(isGameId)),
  kind: z.enum(['builtin', 'custom', 'bot']),
  owner_id: z.string().nullable(),
});

/** An agent as the runner pairs it. */
export type RosterAgent = z.infer<typeof rosterAgentSchema>;

/** Agents read from the roster, and the database's clock when they were read. */
export interface RosterRead {
  readAt: Date;
  /** With `schedulable`: false for a hidden or retired agent, to drop from the roster. */
  agents: Array<RosterAgent & { schedulable: boolean }>;
}

// One row even where no agent matches (the left join's nulls), so the clock always comes back.
const ROSTER_SELECT = `select t.read_at, a.id, a.games, a.kind, a.owner_id::text as owner_id,
  not a.hidden and a.retired_at is null as schedulable
  from (select now() as read_at) t left join agents a`;

// A row is the clock, with an agent or with the left join's nulls in its place.
const rowSchema = z.union([
  z.object({ read_at: timestamp, id: z.null() }),
  rosterAgentSchema.extend({ read_at: timestamp, schedulable: z.boolean() }),
]);

function toRead(rows: unknown[]): RosterRead {
  const parsed = rows.map((row) => rowSchema.parse(row));
  const agents = parsed.flatMap((row) => (row.id === null ? [] : [row]));
  return {
    readAt: parsed[0]?.read_at ?? new Date(0),
    agents: agents.map(({ read_at: _, ...agent }) => agent),
  };
}

/**
 * Every agent the runner may pair (neither hidden nor retired): the whole table, read once when a
 * runner starts; after that it reads only the changes.
 */
export async function readRoster(db: Queryable): Promise<RosterRead> {
  const { rows } = await db.query(`${ROSTER_SELECT} on not a.hidden and a.retired_at is null`);
  return toRead(rows);
}

/**
 * The agents whose pairing fields changed after `since` (migration 0940 keeps roster_changed_at
 * and its index), hidden and retired ones included so that the roster drops them.
 */
export async function readRosterChanges(db: Queryable, since: Date): Promise<RosterRead> {
  const { rows } = await db.query(`${ROSTER_SELECT} on a.roster_changed_at > $1`, [since]);
  return toRead(rows);
}
