import { useState } from 'react';

/**
 * For visitors: opens the wallet modal. The opener (and the AppKit loader under it) is fetched on
 * the first click, with AppKit itself, so a visitor's first load carries neither.
 */
export function LoginButton() {
  const [opening, setOpening] = useState(false);
  return (
    <button
      type="button"
      className="button primary"
      aria-busy={opening}
      disabled={opening}
      onClick={async () => {
        setOpening(true);
        try {
          const { openWalletModal } = await import('#src/lib/wallet/openWalletModal.ts');
          await openWalletModal();
        } catch (error) {
          // Only the opener's own chunk can fail here (offline before it was cached);
          // openWalletModal reports its own failures.
          console.error(error);
        } finally {
          setOpening(false);
        }
      }}
    >
      {opening ? 'Opening…' : 'Login'}
    </button>
  );
}
