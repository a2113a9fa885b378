import { useCallback, useEffect, useState } from 'react';
import {
  type AnalysisRequest,
  type ColumnVerdict,
  parseAnalysisReply,
} from './analysisMessages.ts';
import { useAnalysisWorker } from './useAnalysisWorker.ts';

/** Where the analysis of one position stands. */
export type ColumnAnalysis =
  | { status: 'idle' }
  | { status: 'running'; moves: string; columns: ColumnVerdict[]; startedAt: number }
  | { status: 'stopped'; moves: string; columns: ColumnVerdict[] }
  | { status: 'done'; moves: string; columns: ColumnVerdict[]; best: number[]; elapsedMs: number }
  | { status: 'failed'; moves: string; message: string };

const createWorker = () =>
  new Worker(new URL('./columnAnalysis.worker.ts', import.meta.url), { type: 'module' });

/**
 * The exact analysis of the Connect Four position after `moves`, column by column, in the
 * analysis worker (useAnalysisWorker.ts).
 */
export function useColumnAnalysis(moves: string) {
  const [analysis, setAnalysis] = useState<ColumnAnalysis>({ status: 'idle' });
  const worker = useAnalysisWorker(createWorker, moves);

  // A run left for another position is stopped (useAnalysisWorker): it will not finish. What a
  // finished run found is kept, shown again on coming back to its position.
  useEffect(() => {
    setAnalysis((now) =>
      now.status === 'running' && now.moves !== moves ? { status: 'idle' } : now,
    );
  }, [moves]);

  const start = useCallback(() => {
    const startedAt = Date.now();
    setAnalysis({ status: 'running', moves, columns: [], startedAt });
    worker.run({ type: 'analyze', moves } satisfies AnalysisRequest, {
      reply(raw) {
        const data = parseAnalysisReply(raw);
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
        worker.finished();
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
      },
      failed: () =>
        setAnalysis({ status: 'failed', moves, message: 'The analysis could not run here.' }),
    });
  }, [moves, worker]);

  const stop = useCallback(() => {
    worker.stop();
    setAnalysis((now) =>
      now.status === 'running'
        ? { status: 'stopped', moves: now.moves, columns: now.columns }
        : now,
    );
  }, [worker]);

  // What was found for another position is not shown for this one.
  const shown: ColumnAnalysis =
    analysis.status !== 'idle' && analysis.moves !== moves ? { status: 'idle' } : analysis;
  return { analysis: shown, start, stop };
}
