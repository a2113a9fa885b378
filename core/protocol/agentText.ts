import { z } from 'zod';
import { cleanFreeText, normaliseName } from '#core/text/names.ts';

/**
 * An agent's or bot's name: normalised (NFKC, one space between words), then 3–24 letters,
 * digits, spaces, - or _. Unique among agents and bots by its look-alike key (core/text/names.ts).
 */
export const agentNameSchema = z
  .string({ error: 'Name is required.' })
  .transform(normaliseName)
  .pipe(
    z
      .string()
      .min(3, 'Name must be 3 to 24 characters.')
      .max(24, 'Name must be 3 to 24 characters.')
      .regex(/^[\p{L}\p{N} _-]+$/u, 'Name may use only letters, digits, spaces, - and _.'),
  );

/** Free text shown beside a name, without control or text-reordering characters, at most `max`. */
export function freeTextSchema(max: number, tooLong: string) {
  return z.string().transform(cleanFreeText).pipe(z.string().max(max, tooLong));
}
