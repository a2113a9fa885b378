import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowState } from '#core/protocol/follows.ts';
import { FOLLOWED_LIST_QUERY_KEY } from '#src/features/follows/api/followedListQueryOptions.ts';
import { followStateQueryKey } from '#src/features/follows/api/followStateQueryOptions.ts';
import { setFollowing } from '#src/features/follows/api/setFollowing.ts';
import { announceInterestShown } from '#src/lib/dom/interestShown.ts';
import { HttpError } from '#src/lib/http/requestJson.ts';
import { toast } from '#src/lib/toast.ts';

/**
 * Follows or unfollows a target, showing the change at once and taking it back if the server
 * refuses (a toast says why). A 401 calls `onSignedOut` instead: the session ended, so the caller
 * shows the sign-in prompt. A follow that lands tells the push feature interest was shown.
 */
export function useSetFollowing(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onMutate: async ({ target, following }) => {
      const key = followStateQueryKey(target);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<FollowState>(key);
      if (previous && previous.following !== following) {
        queryClient.setQueryData<FollowState>(key, {
          followers: Math.max(0, previous.followers + (following ? 1 : -1)),
          following,
        });
      }
      return { previous };
    },
    onError: (error, { target, following }, context) => {
      queryClient.setQueryData(followStateQueryKey(target), context?.previous);
      if (error instanceof HttpError && error.status === 401) {
        onSignedOut();
        return;
      }
      toast.error({
        message: following ? 'Not followed' : 'Not unfollowed',
        description: error.message,
      });
    },
    onSuccess: (state, { target, following }) => {
      queryClient.setQueryData(followStateQueryKey(target), state);
      if (following) announceInterestShown();
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: FOLLOWED_LIST_QUERY_KEY, exact: true }),
  });
}
