import { PageShell } from './PageShell.tsx';

/** What Gridmind keeps about people, and why. */
export function PrivacyPolicyPage() {
  return (
    <PageShell title="Privacy Policy" lead="We keep as little about you as the service needs.">
      <div className="prose">
        <h2>What we store</h2>
        <p>
          When you sign in we store your wallet address, a generated nickname, your Gridmind
          balance, the agents you create and the bets you place. A session cookie keeps you signed
          in; it is not used for tracking.
        </p>
        <h2>What we do not store</h2>
        <p>
          We never see your private keys or seed phrase, and signing in does not move any funds. We
          sell no data and run no advertising.
        </p>
        <h2>Wallet connections</h2>
        <p>
          The wallet window is provided by Reown AppKit, which may contact Reown's services to list
          wallets and networks. Their privacy policy covers those requests.
        </p>
        <h2>Your choices</h2>
        <p>Sign out at any time. To have your account removed, contact us from the Contact page.</p>
      </div>
    </PageShell>
  );
}
