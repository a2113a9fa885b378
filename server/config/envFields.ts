import { z } from 'zod';

// Field types the environment schemas share (server/config.ts and its fragments).

/** A whole number from `min` to `max`, `fallback` when unset. */
export const integer = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

/** Text, or undefined when unset or blank. */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list; blank entries and an unset variable are an empty list. */
export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );
