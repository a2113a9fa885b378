import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

/**
 * False while a page is rendered to HTML at build time (src/prerender), true in the browser. A
 * control that needs the app's scripts renders disabled in that first paint, so nobody presses a
 * button that cannot answer yet; the app's own render enables it.
 */
export function useScriptsRunning(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
