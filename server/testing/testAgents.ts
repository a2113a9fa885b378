import { GAME_IDS } from '#core/games/gameIds.ts';
import type { Queryable } from '#server/db/database.ts';

/** Quick-thinking agents for tests and benchmarks, so whole matches take milliseconds. */
export const QUICK_AGENTS = [
  { id: 'quick-a', name: 'Quick A', skill: 1, style: 'aggressive' },
  { id: 'quick-b', name: 'Quick B', skill: 2, style: 'defensive' },
  { id: 'quick-c', name: 'Quick C', skill: 3, style: 'balanced' },
] as const;

/** A quick agent's traits, as it plays. */
export function quickTraits(agent: (typeof QUICK_AGENTS)[number]) {
  return { skill: agent.skill, style: agent.style, risk: 0.2, thinkTimeMs: 100 };
}

/**
 * Inserts `QUICK_AGENTS` as custom agents playing every game (the only agents, when the roster was
 * not synced).
 */
export async function insertQuickAgents(db: Queryable): Promise<void> {
  for (const agent of QUICK_AGENTS) {
    const traits = quickTraits(agent);
    await db.query(
      `insert into agents (id, name, tagline, traits, kind, games)
       values ($1, $2, '', $3, 'custom', $4) on conflict (id) do nothing`,
      [agent.id, agent.name, JSON.stringify(traits), [...GAME_IDS]],
    );
  }
}
