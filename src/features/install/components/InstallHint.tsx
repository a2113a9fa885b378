import { useState } from 'react';
import { useInstallPrompt } from '#src/features/install/hooks/useInstallPrompt.ts';

/**
 * "Install Gridmind" where the browser offers installation; nothing when already installed
 * (standalone) or when the user said no for this visit.
 */
export function InstallHint() {
  const { canInstall, install } = useInstallPrompt();
  const [dismissed, setDismissed] = useState(false);
  if (!canInstall || dismissed) return null;
  return (
    <aside className="install-hint" aria-label="Install" data-testid="install-hint">
      <button type="button" className="button primary" onClick={() => void install()}>
        Install Gridmind
      </button>
      <button type="button" className="button" onClick={() => setDismissed(true)}>
        Not now
      </button>
    </aside>
  );
}
