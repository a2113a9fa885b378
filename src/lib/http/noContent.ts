import type { requestJson } from './requestJson.ts';
/**
 * The "schema" of a 204 No Content answer for {@link requestJson}: there is no body to check.
 * Not `z.null()`, which would pull zod's null type into the first load's shared zod chunk.
 */
export const noContent = { parse: (): null => null };
