import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { betSchema } from '../../../../core/protocol/bets.ts';
import { request } from './request.ts';

const myBetsSchema = z.object({ items: z.array(betSchema) });

/** Query options of the signed-in user's bets on one match (empty for visitors). */
export function myBetsQueryOptions(matchId: string, signedIn: boolean) {
  return queryOptions({
    queryKey: ['bets', 'mine', matchId] as const,
    queryFn: () => request(`/api/bets?matchId=${encodeURIComponent(matchId)}`, myBetsSchema),
    enabled: signedIn,
  });
}
