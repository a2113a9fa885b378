import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { formatThousands } from '#core/format/balance.ts';
import { LoadingStatus } from '#src/cache/LoadingStatus.tsx';
import { profileQueryOptions } from '#src/features/profile/api/profileQueryOptions.ts';
import { BotsSection } from './BotsSection.tsx';
import { NicknameForm } from './NicknameForm.tsx';
import { BetsTable, LedgerTable, OwnedAgentsTable } from './ProfileTables.tsx';
import './profile.css';

/**
 * `/profile`: nickname, balance, address, bets, agents, bots, what the user follows, how they are
 * told, and ledger. The app passes in what other features render here (sign-in button, wallet
 * panel, following list, notification settings), so this feature imports none of them.
 */
export function ProfilePage({
  signIn,
  wallet,
  following,
  notifications,
}: {
  signIn: ReactNode;
  wallet: (address: string) => ReactNode;
  following: ReactNode;
  /** What the user is told and where: the kinds (admins' too), this device's push, Telegram. */
  notifications: (isAdmin: boolean) => ReactNode;
}) {
  const { data: profile, isPending, error } = useQuery(profileQueryOptions());
  return (
    <section className="page" aria-labelledby="page-profile">
      <h1 id="page-profile">Profile</h1>
      {isPending ? <LoadingStatus>Loading…</LoadingStatus> : null}
      {error ? <p role="alert">{error.message}</p> : null}
      {!isPending && !error && !profile ? (
        <div className="empty-state" role="status">
          <h2>You are not signed in</h2>
          <p>Sign in with your wallet to see your profile.</p>
          {signIn}
        </div>
      ) : null}
      {profile ? (
        <>
          <NicknameForm key={profile.nickname} nickname={profile.nickname} />
          <dl className="details">
            <dt>Balance</dt>
            <dd data-testid="profile-balance">{formatThousands(profile.balance)} points</dd>
            <dt>Wallet</dt>
            <dd className="address">{profile.address}</dd>
            <dt>Role</dt>
            <dd>{profile.isAdmin ? 'Admin' : 'Player'}</dd>
          </dl>
          <h2 className="section-title">Your bets</h2>
          <BetsTable bets={profile.bets} />
          <h2 className="section-title">Your agents</h2>
          <OwnedAgentsTable agents={profile.agents} />
          <p>
            <a className="button" href="/agents/mine">
              Create and edit your agents
            </a>
          </p>
          <BotsSection />
          {following}
          <section aria-labelledby="profile-notifications">
            <h2 id="profile-notifications" className="section-title">
              Notifications
            </h2>
            {notifications(profile.isAdmin)}
          </section>
          <h2 className="section-title">Balance history</h2>
          <LedgerTable ledger={profile.ledger} />
          <h2 className="section-title">Connected wallet</h2>
          {wallet(profile.address)}
        </>
      ) : null}
    </section>
  );
}
