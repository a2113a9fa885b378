import type { FollowKind } from '#core/protocol/follows.ts';
import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { FollowButton } from '#src/features/follows/components/FollowButton.tsx';

/**
 * The follow button for a page of `kind`, composed here because features import no other: a
 * visitor who presses it is offered the app's sign-in button.
 */
export function followButtonFor(kind: FollowKind) {
  return ({ id, name }: { id: string; name: string }) => (
    <FollowButton target={{ kind, id }} name={name} signIn={<LoginButton />} />
  );
}
