import { LoginButton } from '#src/features/auth/components/LoginButton.tsx';
import { ProfilePage } from '#src/features/profile/components/ProfilePage.tsx';
import { TelegramLinkSection } from '#src/features/telegram/components/TelegramLinkSection.tsx';
import { WalletPanel } from '#src/features/wallet/components/WalletPanel.tsx';

// Profile lists the token balances too; the header menu's panel stays short.
const wallet = (address: string) => <WalletPanel address={address} showTokens />;

/** The app composes features: the profile shows the sign-in button, wallet panel and Telegram link. */
export function ProfileRoute() {
  return (
    <ProfilePage signIn={<LoginButton />} wallet={wallet} telegram={<TelegramLinkSection />} />
  );
}
