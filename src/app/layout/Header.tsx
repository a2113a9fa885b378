import { AccountArea } from '../../features/auth/components/AccountArea.tsx';
import { useMe } from '../../features/auth/hooks/useMe.ts';
import { WalletPanel } from '../../features/wallet/components/WalletPanel.tsx';
import { Logo } from './Logo.tsx';
import { MobileMenu } from './MobileMenu.tsx';
import { NavLinks } from './NavLinks.tsx';
import { navItemsFor } from './navItems.ts';

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
          <AccountArea renderWalletPanel={(address) => <WalletPanel address={address} />} />
          <MobileMenu items={items} />
        </div>
      </div>
    </header>
  );
}
