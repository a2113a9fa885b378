/**
 * How long start-up work waits for the `load` event at most. The event waits for every image and
 * frame of the page, so a slow host (an ENS avatar's, a wallet's) could otherwise hold back the
 * service worker's registration, and offline support, for as long as the browser lets it hang.
 */
const LOAD_WAIT_MS = 10_000;

/**
 * Runs `task` once, when the page has loaded (or `loadWaitMs` has passed without it) and the main
 * thread is idle (or after `timeoutMs` at the latest), so start-up work that nothing on screen
 * needs never delays the first paint.
 */
export function whenPageIdle(task: () => void, timeoutMs = 2000, loadWaitMs = LOAD_WAIT_MS): void {
  let started = false;
  let lateLoad: ReturnType<typeof setTimeout> | undefined;
  const whenIdle = () => {
    if (started) return;
    started = true;
    clearTimeout(lateLoad);
    window.removeEventListener('load', whenIdle);
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: timeoutMs });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') {
    whenIdle();
    return;
  }
  window.addEventListener('load', whenIdle, { once: true });
  lateLoad = setTimeout(whenIdle, loadWaitMs);
}
