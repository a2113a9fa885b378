import { formatThousands } from '../../core/format/balance.ts';
import { LoginButton } from '../features/auth/components/LoginButton.tsx';
import { useMe } from '../features/auth/hooks/useMe.ts';
import { WalletPanel } from '../features/wallet/components/WalletPanel.tsx';
import { EmptyState } from './EmptyState.tsx';
import { PageShell } from './PageShell.tsx';

/** The signed-in user's profile. */
export function ProfilePage() {
  const { data: me, isPending } = useMe();
  if (isPending) return <PageShell title="Profile" lead="Loading…" />;
  if (!me) {
    return (
      <PageShell title="Profile">
        <EmptyState title="You are not signed in">
          <p>Sign in with your wallet to see your profile.</p>
          <LoginButton />
        </EmptyState>
      </PageShell>
    );
  }
  return (
    <PageShell title="Profile">
      <dl className="details">
        <dt>Nickname</dt>
        <dd>{me.userInfo.nickname}</dd>
        <dt>Wallet</dt>
        <dd className="address">{me.address}</dd>
        <dt>Balance</dt>
        <dd>{formatThousands(me.userInfo.balance)}</dd>
        <dt>Role</dt>
        <dd>{me.userInfo.isAdmin ? 'Admin' : 'Player'}</dd>
      </dl>
      <h2 className="section-title">Connected wallet</h2>
      <WalletPanel address={me.address} />
    </PageShell>
  );
}
