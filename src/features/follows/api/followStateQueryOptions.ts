import { queryOptions } from '@tanstack/react-query';
import { type FollowTarget, followStateSchema } from '#core/protocol/follows.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';

/** Where a target's follow state lives: `/api/follows/:kind/:id`. */
export function followPath(target: FollowTarget): string {
  return `/api/follows/${target.kind}/${encodeURIComponent(target.id)}`;
}

/** Query key of one target's follow state; the button updates it optimistically. */
export function followStateQueryKey(target: FollowTarget) {
  return ['follows', target.kind, target.id] as const;
}

/** How many follow a target and whether the signed-in user does (false for a visitor). */
export function followStateQueryOptions(target: FollowTarget) {
  return queryOptions({
    queryKey: followStateQueryKey(target),
    queryFn: () => requestJson(followPath(target), followStateSchema),
  });
}
