import type { GameId } from '#core/games/gameIds.ts';
import type { Database } from '#server/db/database.ts';
import { type AgentRow, findAgentRows } from '#server/db/stores/agentStore.ts';

/** Who plays a match, read once when the runner takes it on: the agents table is not read per move. */
export interface MatchPlayers {
  game: GameId;
  first: AgentRow;
  second: AgentRow;
}

/** The players of the matches a runner owns, read from the database the first time only. */
export class MatchPlayersCache {
  private readonly players = new Map<string, MatchPlayers>();

  constructor(private readonly db: Database) {}

  /**
   * Both agents of a match, or null when one of them is gone; in a tournament's game each thinks
   * no longer than its think-time limit.
   */
  async of(
    matchId: string,
    match: {
      game: GameId;
      first_agent_id: string;
      second_agent_id: string;
      think_time_ms: number | null;
    },
  ): Promise<MatchPlayers | null> {
    const known = this.players.get(matchId);
    if (known) return known;
    const agents = await findAgentRows(this.db, [match.first_agent_id, match.second_agent_id]);
    const first = agents.find((row) => row.id === match.first_agent_id);
    const second = agents.find((row) => row.id === match.second_agent_id);
    if (!first || !second) return null;
    const limit = match.think_time_ms;
    const players = {
      game: match.game,
      first: limit === null ? first : withThinkTimeAtMost(first, limit),
      second: limit === null ? second : withThinkTimeAtMost(second, limit),
    };
    this.players.set(matchId, players);
    return players;
  }

  forget(matchId: string): void {
    this.players.delete(matchId);
  }

  clear(): void {
    this.players.clear();
  }
}

/** The agent with its think time capped at `limitMs` (its own when shorter). */
function withThinkTimeAtMost(agent: AgentRow, limitMs: number): AgentRow {
  if (agent.traits.thinkTimeMs <= limitMs) return agent;
  return { ...agent, traits: { ...agent.traits, thinkTimeMs: limitMs } };
}
