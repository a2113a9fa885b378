import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { FollowedItem } from '#core/protocol/follows.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { followedListQueryOptions } from '#src/features/follows/api/followedListQueryOptions.ts';
import { useSetFollowing } from '#src/features/follows/hooks/useSetFollowing.ts';
import './follows.css';

const KIND_NAMES: Record<FollowedItem['kind'], string> = {
  agent: 'Agent',
  tournament: 'Tournament',
  game: 'Game',
};

/** The profile's "Following": what the user follows, each a link with its unfollow button. */
export function FollowingSection() {
  const list = useQuery(followedListQueryOptions());
  // A 401 here means the session ended: the list refetches and the profile shows its sign-in.
  const unfollow = useSetFollowing(() => undefined);
  return (
    <section aria-labelledby="following-title">
      <h2 id="following-title" className="section-title">
        Following
      </h2>
      {list.isPending ? <LoadingStatus>Loading what you follow…</LoadingStatus> : null}
      {list.isError ? <p role="alert">{list.error.message}</p> : null}
      {list.data?.items.length === 0 ? (
        <p data-testid="following-empty">You follow nothing yet: follow an agent from its page.</p>
      ) : null}
      {list.data?.items.length ? (
        <ul className="following-list" data-testid="following-list">
          {list.data.items.map((item) => (
            <li key={`${item.kind}:${item.id}`} data-testid="followed">
              <span>
                <span className="following-kind">{KIND_NAMES[item.kind]}</span>{' '}
                <Link to={item.href}>{item.name}</Link>
              </span>
              <button
                type="button"
                className="button"
                disabled={unfollow.isPending && unfollow.variables.target.id === item.id}
                onClick={() =>
                  unfollow.mutate({ target: { kind: item.kind, id: item.id }, following: false })
                }
              >
                Unfollow <span className="visually-hidden">{item.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
