import { useCallback, useEffect, useMemo, useRef } from 'react';

/** What a run hears from its worker: each reply, and the script's own failure. */
export interface AnalysisRunHandlers {
  reply(data: unknown): void;
  /** The script failed (offline before it was ever cached, or a crash); the worker is gone. */
  failed(): void;
}

/**
 * The worker behind "What does perfect play say here?", one position at a time: made by `create`
 * at the first `run` (so nothing of it is in the page's first load), kept between positions when
 * a run finishes (its tables stay warm), terminated by `stop`, by leaving the position `key` while
 * a run on it goes on, and by leaving the page. The next `run` after a termination makes a fresh
 * one. A run is over for the worker once its hook calls `finished`.
 */
export function useAnalysisWorker(create: () => Worker, key: string) {
  const worker = useRef<Worker | null>(null);
  // The position the worker is working on now, null when it is idle.
  const runningKey = useRef<string | null>(null);

  const stop = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    runningKey.current = null;
  }, []);

  // A new position stops a run still going on the old one rather than let it finish.
  useEffect(() => {
    if (runningKey.current !== null && runningKey.current !== key) stop();
  }, [key, stop]);
  useEffect(() => stop, [stop]);

  const run = useCallback(
    (request: unknown, handlers: AnalysisRunHandlers) => {
      worker.current ??= create();
      const current = worker.current;
      runningKey.current = key;
      current.onmessage = (event: MessageEvent<unknown>) => handlers.reply(event.data);
      current.onerror = (event) => {
        event.preventDefault();
        stop();
        handlers.failed();
      };
      current.postMessage(request);
    },
    [create, key, stop],
  );

  const finished = useCallback(() => {
    runningKey.current = null;
  }, []);

  return useMemo(() => ({ run, stop, finished }), [run, stop, finished]);
}
