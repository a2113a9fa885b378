import { nameKey } from '#core/text/names.ts';
import type { Queryable } from '#server/db/database.ts';

/** What a client hears when an agent's or bot's name is taken (or too like a taken one). */
export const NAME_TAKEN_MESSAGE = 'An agent or bot with this name already exists.';

/** The unique indexes on agents' names: a violation of one is a taken name, answered 409. */
const NAME_INDEXES = new Set(['agents_name_key', 'agents_name_lower']);

/**
 * Whether an agent other than `exceptId` (any agent for null), of any kind, has this name in any
 * case or one that looks like it (the same `nameKey`).
 */
export async function isAgentNameTaken(
  tx: Queryable,
  name: string,
  exceptId: string | null,
): Promise<boolean> {
  const { rows } = await tx.query(
    `select 1 from agents where (name_key = $1 or lower(name) = lower($2)) and id <> coalesce($3, '')
     limit 1`,
    [nameKey(name), name, exceptId],
  );
  return rows.length > 0;
}

/**
 * Whether `error` is the database refusing a name another agent took meanwhile: two requests
 * checked the same free name and the unique index let one of them in.
 */
export function isAgentNameConflict(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && typeof constraint === 'string' && NAME_INDEXES.has(constraint);
}

/**
 * Gives every agent without a name key (rows older than the key, or inserted by hand) its key,
 * skipping a row whose key another agent already holds: two look-alike names registered before
 * the key existed keep their rows, and only the first holds the key.
 */
export async function fillMissingNameKeys(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ id: string; name: string }>(
    'select id, name from agents where name_key is null order by created_at, id',
  );
  for (const row of rows) {
    try {
      await db.query(
        `update agents set name_key = $2 where id = $1 and name_key is null
           and not exists (select 1 from agents where name_key = $2)`,
        [row.id, nameKey(row.name)],
      );
    } catch (error) {
      // Another process starting at the same time gave the key to a look-alike first.
      if (!isAgentNameConflict(error)) throw error;
    }
  }
}
