/**
 * Runs `task` once the page has loaded and the main thread is idle (or after `timeoutMs` at the
 * latest), so start-up work that nothing on screen needs never delays the first paint.
 */
export function whenPageIdle(task: () => void, timeoutMs = 2000): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: timeoutMs });
    else setTimeout(task, 0);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
