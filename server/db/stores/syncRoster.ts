import { BUILT_IN_AGENTS } from '../../../core/agents/roster.ts';
import { GAME_IDS } from '../../../core/games/gameIds.ts';
import type { Queryable } from '../database.ts';

/**
 * Upserts the built-in roster into `agents` at start-up: new agents appear, renamed or re-tuned
 * ones are updated, and ratings and records are never touched. The house agents play every game.
 */
export async function syncRoster(db: Queryable): Promise<void> {
  for (const agent of BUILT_IN_AGENTS) {
    await db.query(
      `insert into agents (id, name, tagline, traits, kind, games)
       values ($1, $2, $3, $4, 'builtin', $5)
       on conflict (id) do update set name = excluded.name, tagline = excluded.tagline,
         traits = excluded.traits, games = excluded.games`,
      [agent.id, agent.name, agent.tagline, JSON.stringify(agent.traits), [...GAME_IDS]],
    );
  }
}
