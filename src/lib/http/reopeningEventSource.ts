/**
 * How long to wait before opening again a stream the browser gave up on, by attempt: from the
 * process cap's retry-after (5 s) up to the per-address cap's (30 s), where it stays.
 */
export const REOPEN_DELAYS_MS: readonly number[] = [5_000, 10_000, 20_000, 30_000];

/**
 * Opens an event stream and opens it again whenever the browser gives up on it. The browser
 * reconnects by itself after a dropped connection, but an answer with an error status (the
 * watcher-stream caps' 429 or 503, a proxy's 502 while a process restarts) closes an EventSource
 * for good, and a watch page would freeze on its last move. Each opening asks `url()` afresh (so
 * it resumes from what the page holds) and hands the new source to `listen`. Delays grow by
 * attempt and carry up to half again at random, so a crowd refused at once does not come back at
 * once; an opened stream starts the count again. A source the caller closes itself (at a match's
 * end) is left closed. Returns the function that closes it for good.
 */
export function openReopeningEventSource(
  url: () => string,
  listen: (source: EventSource) => void,
  delaysMs: readonly number[] = REOPEN_DELAYS_MS,
): () => void {
  let source: EventSource | null = null;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const open = () => {
    timer = null;
    const opened = new EventSource(url());
    source = opened;
    opened.addEventListener('open', () => {
      attempt = 0;
    });
    opened.addEventListener('error', () => {
      // CONNECTING: the browser is already trying again by itself.
      if (closed || opened !== source || opened.readyState !== EventSource.CLOSED) return;
      const base = delaysMs[Math.min(attempt, delaysMs.length - 1)] ?? 0;
      attempt++;
      timer = setTimeout(open, base * (1 + Math.random() / 2));
    });
    listen(opened);
  };
  open();
  return () => {
    closed = true;
    if (timer !== null) clearTimeout(timer);
    source?.close();
  };
}
