import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useDisconnectWalletOnSignInLoss } from '#src/features/auth/hooks/useDisconnectWalletOnSignInLoss.ts';
import { useMe } from '#src/features/auth/hooks/useMe.ts';
import { LoginButton } from './LoginButton.tsx';

// Signed-in only (with the sign-out and the wallet loader it brings): not in a visitor's first load.
const UserMenu = lazy(() =>
  import('./UserMenu.tsx').then(({ UserMenu }) => ({ default: UserMenu })),
);

const placeholder = <span className="account-placeholder" aria-hidden="true" />;

/** The header's account corner: Login for visitors, the user menu once signed in. */
export function AccountArea({
  renderWalletPanel,
}: {
  /** The connected wallet's panel for the user menu (the wallet feature's, passed in by the layout). */
  renderWalletPanel?: (address: string) => ReactNode;
}) {
  const { data: me, isPending } = useMe();
  useDisconnectWalletOnSignInLoss(me);

  // A returning signed-in user gets the wallet stack in the background, off the first paint,
  // so account or network changes in the wallet are noticed.
  useEffect(() => {
    if (!me) return;
    const timer = window.setTimeout(() => {
      import('#src/lib/wallet/appkit.ts')
        .then(({ loadAppKit }) => loadAppKit())
        .catch((error: unknown) => console.warn('Wallet modal unavailable', error));
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [me]);

  if (isPending) return placeholder;
  if (!me) return <LoginButton />;
  return (
    <Suspense fallback={placeholder}>
      <UserMenu me={me} walletPanel={renderWalletPanel?.(me.address)} />
    </Suspense>
  );
}
