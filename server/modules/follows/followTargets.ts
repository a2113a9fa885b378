import { isGameId } from '#core/games/gameIds.ts';
import { GAME_NAMES } from '#core/games/gameNames.ts';
import type { FollowTarget } from '#core/protocol/follows.ts';
import { tournamentTitle } from '#core/tournaments/tournamentTitle.ts';
import type { Queryable } from '#server/db/database.ts';

/** Tournament ids are UUIDs: anything else names none, without asking PostgreSQL (which throws). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sentence a 404 says for a target that cannot be followed. */
export const UNKNOWN_TARGET: Readonly<Record<FollowTarget['kind'], string>> = {
  agent: 'This agent does not exist.',
  tournament: 'This tournament does not exist.',
  game: 'Gridmind runs no game by this id.',
};

/**
 * Whether a target may be followed: an agent (bots are agents) that exists and is not hidden by
 * an admin, a tournament that exists, or a registered game.
 */
export async function targetExists(db: Queryable, target: FollowTarget): Promise<boolean> {
  if (target.kind === 'game') return isGameId(target.id);
  if (target.kind === 'tournament') {
    if (!UUID.test(target.id)) return false;
    const { rows } = await db.query('select 1 from tournaments where id = $1', [target.id]);
    return rows.length > 0;
  }
  const { rows } = await db.query('select 1 from agents where id = $1 and not hidden', [target.id]);
  return rows.length > 0;
}

/**
 * The display names of followed targets, keyed `kind:id`: two statements at most, each over a
 * primary key with the user's (capped) list of ids.
 */
export async function targetNames(
  db: Queryable,
  targets: readonly FollowTarget[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const agentIds = targets.filter((t) => t.kind === 'agent').map((t) => t.id);
  const tournamentIds = targets
    .filter((t) => t.kind === 'tournament' && UUID.test(t.id))
    .map((t) => t.id);
  for (const target of targets) {
    if (target.kind === 'game' && isGameId(target.id)) {
      names.set(`game:${target.id}`, GAME_NAMES[target.id]);
    }
  }
  if (agentIds.length > 0) {
    const { rows } = await db.query<{ id: string; name: string }>(
      'select id, name from agents where id = any($1::text[])',
      [agentIds],
    );
    for (const row of rows) names.set(`agent:${row.id}`, row.name);
  }
  if (tournamentIds.length > 0) {
    const { rows } = await db.query<{ id: string; game: string; format: string }>(
      'select id::text as id, game, format from tournaments where id = any($1::uuid[])',
      [tournamentIds],
    );
    for (const row of rows) {
      if (!isGameId(row.game)) continue;
      const format = row.format as Parameters<typeof tournamentTitle>[0]['format'];
      names.set(`tournament:${row.id}`, tournamentTitle({ game: row.game, format }));
    }
  }
  return names;
}
