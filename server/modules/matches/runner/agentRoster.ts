import type { Queryable } from '#server/db/database.ts';
import {
  type RosterAgent,
  readRoster,
  readRosterChanges,
} from '#server/modules/matches/store/rosterReads.ts';
import { type AgentOwners, ownersOf } from './agentOwners.ts';

/** The roster as a sweep pairs from it. */
export interface Roster {
  /** The schedulable agents in id order (a seeded draw picks the same pair for the same roster). */
  agents: readonly RosterAgent[];
  owners: AgentOwners;
}

/**
 * How far back each read of the changes reaches before the previous read. A row's change is
 * stamped with its transaction's start (PostgreSQL's now()) but seen only once it commits, so a
 * transaction open across a read could slip behind it; one open longer than this is not expected
 * on a path that edits an agent. The rows changed in the last minute are read again, a handful.
 */
const CHANGE_OVERLAP_MS = 60_000;

/**
 * The agents a runner may pair, kept in memory by the agents' changes: read whole once, then
 * each sweep reads only the rows changed since its last read, through an index. A sweep's cost no
 * longer grows with the number of agents.
 */
export class AgentRoster {
  private readonly agents = new Map<string, RosterAgent>();
  private since: Date | null = null;
  private roster: Roster = { agents: [], owners: new Map() };

  constructor(private readonly db: Queryable) {}

  /** The schedulable agents now, with their owners. */
  async current(): Promise<Roster> {
    const read =
      this.since === null
        ? await readRoster(this.db)
        : await readRosterChanges(this.db, this.since);
    for (const { schedulable, ...agent } of read.agents) {
      if (schedulable) this.agents.set(agent.id, agent);
      else this.agents.delete(agent.id);
    }
    if (this.since === null || read.agents.length > 0) {
      const agents = [...this.agents.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
      this.roster = { agents, owners: ownersOf(agents) };
    }
    this.since = new Date(read.readAt.getTime() - CHANGE_OVERLAP_MS);
    return this.roster;
  }
}
