import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { FollowingSection } from '#src/features/follows/components/FollowingSection.tsx';
import { NotificationPreferences } from '#src/features/notifications/components/NotificationPreferences.tsx';
import { ProfilePage } from '#src/features/profile/components/ProfilePage.tsx';
import { DeviceNotificationsSwitch } from '#src/features/push/components/DeviceNotificationsSwitch.tsx';
import { TelegramLinkSection } from '#src/features/telegram/components/TelegramLinkSection.tsx';
import { WalletPanel } from '#src/features/wallet/components/WalletPanel.tsx';

// Profile lists the token balances too; the header menu's panel stays short.
const wallet = (address: string) => <WalletPanel address={address} showTokens />;

/**
 * The app composes features: the profile shows the sign-in button, the wallet panel, what the user
 * follows, and where they are told (this device's push, the Telegram link).
 */
export function ProfileRoute() {
  return (
    <ProfilePage
      signIn={<LoginButton />}
      wallet={wallet}
      following={<FollowingSection />}
      notifications={(isAdmin) => (
        <>
          <NotificationPreferences isAdmin={isAdmin} />
          <DeviceNotificationsSwitch />
          <TelegramLinkSection />
        </>
      )}
    />
  );
}
