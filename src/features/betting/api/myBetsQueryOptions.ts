import { queryOptions } from '@tanstack/react-query';
import { myBetsSchema } from '#core/protocol/bets.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

/**
 * Query options of the signed-in user's bets on one match, and whether an agent of theirs plays
 * in it; null for a visitor (unasked, or 401).
 */
export function myBetsQueryOptions(matchId: string) {
  const url = `/api/bets?matchId=${encodeURIComponent(matchId)}`;
  return queryOptions({
    queryKey: ['bets', 'mine', matchId] as const,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull(url, myBetsSchema, [401]);
    },
    // While a bet waits for its match, look again now and then to see it settle.
    refetchInterval: (query) =>
      query.state.data?.items.some((bet) => bet.status === 'open') ? 3000 : false,
  });
}
