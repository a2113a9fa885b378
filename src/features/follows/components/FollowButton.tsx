import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { FollowTarget } from '#core/protocol/follows.ts';
import { followStateQueryOptions } from '#src/features/follows/api/followStateQueryOptions.ts';
import { useSetFollowing } from '#src/features/follows/hooks/useSetFollowing.ts';
import { mayBeSignedIn } from '#src/lib/auth/signInHint.ts';
import './follows.css';

/** "1 follower", "12 followers". */
export function followersText(followers: number): string {
  return `${followers} ${followers === 1 ? 'follower' : 'followers'}`;
}

/**
 * Follow or unfollow an agent, a bot, a tournament or a game from its page, with how many follow
 * it. A toggle (`aria-pressed`) whose name stays "Follow <name>" as screen readers expect; a
 * visitor's click shows the sign-in prompt the app passes in (`signIn`), so this feature imports
 * no other.
 */
export function FollowButton({
  target,
  name,
  signIn,
}: {
  target: FollowTarget;
  /** What is followed, as its page titles it. */
  name: string;
  signIn: ReactNode;
}) {
  const state = useQuery(followStateQueryOptions(target));
  const [promptSignIn, setPromptSignIn] = useState(false);
  const mutation = useSetFollowing(() => setPromptSignIn(true));
  const following = state.data?.following ?? false;
  const toggle = () => {
    if (!mayBeSignedIn()) {
      setPromptSignIn(true);
      return;
    }
    mutation.mutate({ target, following: !following });
  };
  return (
    <div className="follow" data-testid="follow">
      <button
        type="button"
        className={following ? 'button follow-button' : 'button primary follow-button'}
        aria-pressed={following}
        aria-label={`Follow ${name}`}
        disabled={state.isPending}
        onClick={toggle}
      >
        {following ? '✓ Following' : 'Follow'}
      </button>
      {state.data ? (
        <span className="follow-count" data-testid="follower-count">
          {followersText(state.data.followers)}
        </span>
      ) : null}
      {promptSignIn ? (
        <div className="follow-sign-in" role="status">
          <span>Sign in to follow {name}.</span> {signIn}
        </div>
      ) : null}
    </div>
  );
}
