import { BUILT_IN_AGENTS } from '../../../core/agents/roster.ts';
import type { Queryable } from '../../db/database.ts';

/**
 * Upserts the built-in roster into `agents` at start-up: new agents appear, renamed or re-tuned
 * ones are updated, and ratings and records are never touched.
 */
export async function syncRoster(db: Queryable): Promise<void> {
  for (const agent of BUILT_IN_AGENTS) {
    await db.query(
      `insert into agents (id, name, tagline, traits, kind) values ($1, $2, $3, $4, 'builtin')
       on conflict (id) do update set name = excluded.name, tagline = excluded.tagline,
         traits = excluded.traits`,
      [agent.id, agent.name, agent.tagline, JSON.stringify(agent.traits)],
    );
  }
}
