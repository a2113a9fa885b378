import { queryOptions } from '@tanstack/react-query';
import { followedListSchema } from '#core/protocol/follows.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

/** Query key of what the signed-in user follows; a follow or unfollow anywhere invalidates it. */
export const FOLLOWED_LIST_QUERY_KEY = ['follows', 'mine'] as const;

/** `GET /api/follows`: what the signed-in user follows, newest first; null for a visitor. */
export function followedListQueryOptions() {
  return queryOptions({
    queryKey: FOLLOWED_LIST_QUERY_KEY,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/follows', followedListSchema, [401]);
    },
  });
}
