import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { NotificationPreferences } from '#src/features/notifications/components/NotificationPreferences.tsx';
import { ProfilePage } from '#src/features/profile/components/ProfilePage.tsx';
import { WalletPanel } from '#src/features/wallet/components/WalletPanel.tsx';

// Profile lists the token balances too; the header menu's panel stays short.
const wallet = (address: string) => <WalletPanel address={address} showTokens />;

/** The app composes features: the profile shows the sign-in button and the wallet panel. */
export function ProfileRoute() {
  return (
    <ProfilePage
      signIn={<LoginButton />}
      wallet={wallet}
      notificationSettings={(isAdmin) => <NotificationPreferences isAdmin={isAdmin} />}
    />
  );
}
