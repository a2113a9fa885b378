import { BUILT_IN_AGENTS } from '#core/agents/roster.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { nameKey } from '#core/text/names.ts';
import type { Queryable } from '#server/db/database.ts';
import { fillMissingNameKeys } from './agentNames.ts';

/**
 * Upserts the built-in roster into `agents` at start-up: new agents appear, renamed or re-tuned
 * ones are updated, and ratings and records are never touched. The house agents play every game.
 * Then gives every agent still without a name key its key (fillMissingNameKeys).
 */
export async function syncRoster(db: Queryable): Promise<void> {
  for (const agent of BUILT_IN_AGENTS) {
    // A user's agent may hold the key already (named before this agent joined the roster): the
    // built-in one then goes without, rather than failing the start-up.
    await db.query(
      `insert into agents (id, name, tagline, traits, kind, games, name_key)
       values ($1, $2, $3, $4, 'builtin', $5,
         case when exists (select 1 from agents where name_key = $6 and id <> $1) then null
           else $6 end)
       on conflict (id) do update set name = excluded.name, tagline = excluded.tagline,
         traits = excluded.traits, games = excluded.games, name_key = excluded.name_key`,
      [
        agent.id,
        agent.name,
        agent.tagline,
        JSON.stringify(agent.traits),
        [...GAME_IDS],
        nameKey(agent.name),
      ],
    );
  }
  await fillMissingNameKeys(db);
}
