import { type ReactNode, useEffect } from 'react';
import { loadAppKit } from '../../../lib/wallet/appkit.ts';
import { useMe } from '../hooks/useMe.ts';
import { LoginButton } from './LoginButton.tsx';
import { UserMenu } from './UserMenu.tsx';

/** The header's account corner: Login for visitors, the user menu once signed in. */
export function AccountArea({
  renderWalletPanel,
}: {
  /** The connected wallet's panel for the user menu (the wallet feature's, passed in by the layout). */
  renderWalletPanel?: (address: string) => ReactNode;
}) {
  const { data: me, isPending } = useMe();

  // A returning signed-in user gets the wallet stack in the background, off the first paint,
  // so account or network changes in the wallet are noticed.
  useEffect(() => {
    if (!me) return;
    const timer = window.setTimeout(() => {
      loadAppKit().catch((error: unknown) => console.warn('Wallet modal unavailable', error));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [me]);

  if (isPending) return <span className="account-placeholder" aria-hidden="true" />;
  return me ? <UserMenu me={me} walletPanel={renderWalletPanel?.(me.address)} /> : <LoginButton />;
}
