import { queryOptions } from '@tanstack/react-query';
import { GridmindError } from '../../../../core/errors.ts';
import { gameCatalogueSchema } from '../../../../core/protocol/games.ts';

/** `GET /api/games`: the catalogue with live and finished counts. */
export function gamesQueryOptions() {
  return queryOptions({
    queryKey: ['games'] as const,
    queryFn: async () => {
      const response = await fetch('/api/games', { credentials: 'include' });
      if (!response.ok) throw new GridmindError('The server could not answer. Try again shortly.');
      return gameCatalogueSchema.parse(await response.json());
    },
    refetchInterval: 10_000,
  });
}
