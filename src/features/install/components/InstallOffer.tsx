import { lazy, Suspense } from 'react';
import { useInstallPrompt } from '#src/features/install/hooks/useInstallPrompt.ts';

const InstallHint = lazy(() =>
  import('./InstallHint.tsx').then(({ InstallHint }) => ({ default: InstallHint })),
);

/**
 * The install hint, loaded only once the browser has offered installation: most visits never
 * see it, so it stays out of the first load. Nothing renders during hydration (the prerendered
 * page has no hint), so the offer appears as an update after it.
 */
export function InstallOffer() {
  const { canInstall } = useInstallPrompt();
  if (!canInstall) return null;
  return (
    <Suspense fallback={null}>
      <InstallHint />
    </Suspense>
  );
}
