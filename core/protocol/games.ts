// zod/mini, like matches.ts; apart from it so Home's first load does not carry the catalogue.
import * as z from 'zod/mini';
import { count, gameIdSchema } from './matches.ts';

/** Body of `GET /api/games`: the catalogue with live and finished counts per game. */
export const gameCatalogueSchema = z.object({
  items: z.array(
    z.object({
      id: gameIdSchema,
      name: z.string(),
      live: count,
      finished: count,
    }),
  ),
});
