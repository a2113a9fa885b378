import { ValidationError } from '#core/errors.ts';
import type { Entrant } from './types.ts';

/**
 * Entrants in seed order: highest rating first, equal ratings by id (a stable, stated order, so
 * the same field always seeds the same way). Throws on duplicate ids or a rating that is not a
 * finite number, since every format relies on both.
 */
export function seedOrder(entrants: readonly Entrant[]): Entrant[] {
  const seen = new Set<string>();
  for (const entrant of entrants) {
    if (seen.has(entrant.id)) throw new ValidationError(`Entrant ${entrant.id} is entered twice`);
    if (!Number.isFinite(entrant.rating)) {
      throw new ValidationError(`Entrant ${entrant.id} has no finite rating`);
    }
    seen.add(entrant.id);
  }
  return [...entrants].sort(
    (a, b) => b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
}
