import { queryOptions } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { profileSchema } from '#core/protocol/profile.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { requestJsonOrNull } from '#src/lib/http/requestJsonOrNull.ts';

/** Query key of the signed-in user's profile. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

/** Query options of `GET /api/profile`; null for a visitor. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: async () => {
      if (!mayBeSignedIn()) return null;
      return requestJsonOrNull('/api/profile', profileSchema, [401]);
    },
  });
}

/** `PATCH /api/profile`: a new nickname. */
export function updateNickname(nickname: string) {
  return requestJson('/api/profile', z.object({ nickname: z.string() }), {
    method: 'PATCH',
    body: { nickname },
  });
}
