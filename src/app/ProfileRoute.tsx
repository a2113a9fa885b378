import { LoginButton } from '../features/auth/components/LoginButton.tsx';
import { ProfilePage } from '../features/profile/components/ProfilePage.tsx';
import { WalletPanel } from '../features/wallet/components/WalletPanel.tsx';

const wallet = (address: string) => <WalletPanel address={address} />;

/** The app composes features: the profile shows the sign-in button and the wallet panel. */
export function ProfileRoute() {
  return <ProfilePage signIn={<LoginButton />} wallet={wallet} />;
}
