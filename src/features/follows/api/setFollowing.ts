import { type FollowState, type FollowTarget, followStateSchema } from '#core/protocol/follows.ts';
import { requestJson } from '#src/lib/http/requestJson.ts';
import { followPath } from './followStateQueryOptions.ts';

/**
 * `PUT` (follow) or `DELETE` (unfollow) `/api/follows/:kind/:id`; both are idempotent and answer
 * the target's new follow state.
 */
export function setFollowing(input: {
  target: FollowTarget;
  following: boolean;
}): Promise<FollowState> {
  return requestJson(followPath(input.target), followStateSchema, {
    method: input.following ? 'PUT' : 'DELETE',
  });
}
