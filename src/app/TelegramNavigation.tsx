import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isTelegramMiniApp } from '#src/lib/telegram.ts';

const NavigationBridge = lazy(() =>
  import('./NavigationBridge.tsx').then(({ NavigationBridge }) => ({ default: NavigationBridge })),
);

const noChanges = () => () => {};

/**
 * Inside a Telegram Mini App, publishes navigation for Telegram's back button; elsewhere renders
 * and loads nothing. False while hydrating, as in the prerendered page, then the page's answer.
 */
export function TelegramNavigation() {
  const telegram = useSyncExternalStore(noChanges, isTelegramMiniApp, () => false);
  if (!telegram) return null;
  return (
    <Suspense fallback={null}>
      <NavigationBridge />
    </Suspense>
  );
}
