import { useCallback, useEffect, useState } from 'react';
import type { MoveAnalysisStep } from '#core/games/moveAnalysis.ts';
import {
  type MoveAnalysisRequest,
  parseMoveAnalysisReply,
  positionKey,
} from './moveAnalysisMessages.ts';
import { useAnalysisWorker } from './useAnalysisWorker.ts';

/** Where the analysis of one position stands: the last step the worker posted, if any. */
export type MoveAnalysis =
  | { status: 'idle' }
  | { status: 'running'; key: string; step: MoveAnalysisStep | null; startedAt: number }
  | { status: 'stopped'; key: string; step: MoveAnalysisStep | null }
  | { status: 'done'; key: string; step: MoveAnalysisStep; elapsedMs: number }
  | { status: 'failed'; key: string; message: string };

const createWorker = () =>
  new Worker(new URL('./moveAnalysis.worker.ts', import.meta.url), { type: 'module' });

/**
 * The analysis of the Othello or checkers position after `moves`, deepening step by step in the
 * analysis worker (useAnalysisWorker.ts); `stop` keeps the last depth reached.
 */
export function useMoveAnalysis(game: 'othello' | 'checkers', moves: readonly string[]) {
  const key = positionKey(game, moves);
  const [analysis, setAnalysis] = useState<MoveAnalysis>({ status: 'idle' });
  const worker = useAnalysisWorker(createWorker, key);

  // What a run on another position found is not this one's.
  useEffect(() => {
    setAnalysis((now) => (now.status !== 'idle' && now.key !== key ? { status: 'idle' } : now));
  }, [key]);

  const start = useCallback(() => {
    const startedAt = Date.now();
    setAnalysis({ status: 'running', key, step: null, startedAt });
    worker.run({ type: 'analyze', game, moves: [...moves] } satisfies MoveAnalysisRequest, {
      reply(raw) {
        const reply = parseMoveAnalysisReply(raw);
        if (reply === null || reply.key !== key) return;
        if (reply.type === 'error') {
          worker.stop();
          setAnalysis({ status: 'failed', key, message: reply.message });
          return;
        }
        const { step } = reply;
        if (step.final) {
          worker.finished();
          setAnalysis({ status: 'done', key, step, elapsedMs: Date.now() - startedAt });
        } else {
          setAnalysis((now) =>
            now.status === 'running' && now.key === key ? { ...now, step } : now,
          );
        }
      },
      failed: () =>
        setAnalysis({ status: 'failed', key, message: 'The analysis could not run here.' }),
    });
  }, [game, key, moves, worker]);

  const stop = useCallback(() => {
    worker.stop();
    setAnalysis((now) =>
      now.status === 'running' ? { status: 'stopped', key: now.key, step: now.step } : now,
    );
  }, [worker]);

  return { analysis, start, stop };
}
