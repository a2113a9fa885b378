import { lazy, Suspense } from 'react';
import { AccountArea } from '#src/features/auth/components/AccountArea.tsx';
import { useMe } from '#src/features/auth/hooks/useMe.ts';
import { Logo } from './Logo.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavLinks } from './NavLinks.tsx';
import { navItemsFor } from './navItems.ts';

// The bell comes after the first paint, and only for a signed-in user.
const NotificationBell = lazy(async () => ({
  default: (await import('#src/features/notifications/components/NotificationBell.tsx'))
    .NotificationBell,
}));

// Only signed-in users see the wallet panel: visitors never load it (nor its schemas and cache).
const WalletPanel = lazy(async () => ({
  default: (await import('#src/features/wallet/components/WalletPanel.tsx')).WalletPanel,
}));

/** The top bar: logo, navigation (desktop bar or mobile dropdown) and the account area. */
export function Header() {
  const { data: me } = useMe();
  const items = navItemsFor(me?.userInfo.isAdmin === true);
  return (
    <header className="site-header">
      <div className="header-inner">
        <Logo />
        <nav aria-label="Main" className="desktop-nav">
          <NavLinks items={items} className="desktop-nav-list" />
        </nav>
        <div className="header-actions">
          {me ? (
            <Suspense fallback={null}>
              <NotificationBell userId={me.userId} />
            </Suspense>
          ) : null}
          <AccountArea
            renderWalletPanel={(address) => (
              <Suspense fallback={null}>
                <WalletPanel address={address} />
              </Suspense>
            )}
          />
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
