import { useState } from 'react';
import { openWalletModal } from '../../../lib/wallet/openWalletModal.ts';

/** For visitors: opens the wallet modal (loading AppKit on first click). */
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
        await openWalletModal();
        setOpening(false);
      }}
    >
      {opening ? 'Opening…' : 'Login'}
    </button>
  );
}
