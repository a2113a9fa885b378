import { useCallback, useEffect, useRef, useState } from 'react';
import {
  type AnalysisRequest,
  type ColumnVerdict,
  parseAnalysisReply,
} from './analysisMessages.ts';

/** Where the analysis of one position stands. */
export type ColumnAnalysis =
  | { status: 'idle' }
  | { status: 'running'; moves: string; columns: ColumnVerdict[]; startedAt: number }
  | { status: 'stopped'; moves: string; columns: ColumnVerdict[] }
  | { status: 'done'; moves: string; columns: ColumnVerdict[]; best: number[]; elapsedMs: number }
  | { status: 'failed'; moves: string; message: string };

/**
 * The exact analysis of the Connect Four position after `moves`, run in a worker that loads on
 * the first `start`. `stop` (and a change of position while it runs) terminates the worker; the
 * next `start` makes a fresh one. A finished worker is kept for the next position, its table warm.
 */
export function useColumnAnalysis(moves: string) {
  const [analysis, setAnalysis] = useState<ColumnAnalysis>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);
  // The position the worker is solving now, null when it is idle.
  const runningMoves = useRef<string | null>(null);

  const terminate = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    runningMoves.current = null;
  }, []);

  // A new position stops an analysis still running on the old one rather than let it finish.
  useEffect(() => {
    if (runningMoves.current === null || runningMoves.current === moves) return;
    terminate();
    setAnalysis({ status: 'idle' });
  }, [moves, terminate]);
  useEffect(() => terminate, [terminate]);

  const start = useCallback(() => {
    const startedAt = Date.now();
    worker.current ??= new Worker(new URL('./columnAnalysis.worker.ts', import.meta.url), {
      type: 'module',
    });
    runningMoves.current = moves;
    setAnalysis({ status: 'running', moves, columns: [], startedAt });
    worker.current.onmessage = (event: MessageEvent<unknown>) => {
      const data = parseAnalysisReply(event.data);
      // Replies about another position (none should come: one request at a time) are dropped.
      if (data === null || data.moves !== moves) return;
      if (data.type === 'column') {
        setAnalysis((now) =>
          now.status === 'running' && now.moves === moves
            ? { ...now, columns: [...now.columns, data.verdict] }
            : now,
        );
        return;
      }
      runningMoves.current = null;
      setAnalysis(
        data.type === 'result'
          ? {
              status: 'done',
              moves,
              columns: data.columns,
              best: data.best,
              elapsedMs: Date.now() - startedAt,
            }
          : { status: 'failed', moves, message: data.message },
      );
    };
    // The script itself failed (offline before it was ever cached, or a crash): a fresh worker
    // next time.
    worker.current.onerror = (event) => {
      event.preventDefault();
      terminate();
      setAnalysis({ status: 'failed', moves, message: 'The analysis could not run here.' });
    };
    worker.current.postMessage({ type: 'analyze', moves } satisfies AnalysisRequest);
  }, [moves, terminate]);

  const stop = useCallback(() => {
    terminate();
    setAnalysis((now) =>
      now.status === 'running'
        ? { status: 'stopped', moves: now.moves, columns: now.columns }
        : now,
    );
  }, [terminate]);

  // What was found for another position is not shown for this one.
  const shown: ColumnAnalysis =
    analysis.status !== 'idle' && analysis.moves !== moves ? { status: 'idle' } : analysis;
  return { analysis: shown, start, stop };
}
