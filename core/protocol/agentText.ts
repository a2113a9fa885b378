import * as z from 'zod/mini';
import { cleanFreeText, normaliseName } from '#core/text/names.ts';

const NAME_LENGTH = 'Name must be 3 to 24 characters.';

/**
 * An agent's or bot's name: normalised (NFKC, one space between words), then 3–24 letters,
 * digits, spaces, - or _. Unique among agents and bots by its look-alike key (core/text/names.ts).
 */
export const agentNameSchema = z.pipe(
  z.pipe(z.string({ error: 'Name is required.' }), z.transform(normaliseName)),
  z
    .string()
    .check(
      z.minLength(3, NAME_LENGTH),
      z.maxLength(24, NAME_LENGTH),
      z.regex(/^[\p{L}\p{N} _-]+$/u, 'Name may use only letters, digits, spaces, - and _.'),
    ),
);

/** Free text shown beside a name, without control or text-reordering characters, at most `max`. */
export function freeTextSchema(max: number, tooLong: string) {
  return z.pipe(
    z.pipe(z.string(), z.transform(cleanFreeText)),
    z.string().check(z.maxLength(max, tooLong)),
  );
}
