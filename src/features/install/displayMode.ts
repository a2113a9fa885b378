import './standalone.css';

type IosNavigator = Navigator & { standalone?: boolean };

/** True when Gridmind runs installed: standalone display mode, or iOS's home-screen web app. */
export function isStandalone(win: Window = window): boolean {
  return (
    win.matchMedia?.('(display-mode: standalone)').matches === true ||
    (win.navigator as IosNavigator).standalone === true
  );
}

/**
 * Marks the document `data-display-mode="standalone"` or `"browser"`, and keeps it current, so
 * the stylesheet pads the page clear of notches and home indicators only when installed.
 */
export function followDisplayMode(win: Window = window): void {
  const apply = () => {
    win.document.documentElement.dataset.displayMode = isStandalone(win) ? 'standalone' : 'browser';
  };
  apply();
  win.matchMedia?.('(display-mode: standalone)').addEventListener('change', apply);
}
