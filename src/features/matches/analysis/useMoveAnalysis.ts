import { useCallback, useEffect, useRef, useState } from 'react';
import type { MoveAnalysisStep } from '../../../../core/games/moveAnalysis.ts';
import {
  type MoveAnalysisRequest,
  parseMoveAnalysisReply,
  positionKey,
} from './moveAnalysisMessages.ts';

/** Where the analysis of one position stands: the last step the worker posted, if any. */
export type MoveAnalysis =
  | { status: 'idle' }
  | { status: 'running'; key: string; step: MoveAnalysisStep | null; startedAt: number }
  | { status: 'stopped'; key: string; step: MoveAnalysisStep | null }
  | { status: 'done'; key: string; step: MoveAnalysisStep; elapsedMs: number }
  | { status: 'failed'; key: string; message: string };

/**
 * The analysis of the Othello or checkers position after `moves`, in a worker loaded on the
 * first `start`. `stop` (and a change of position while it runs) terminates the worker, keeping
 * the last depth reached; the next `start` makes a fresh one.
 */
export function useMoveAnalysis(game: 'othello' | 'checkers', moves: readonly string[]) {
  const key = positionKey(game, moves);
  const [analysis, setAnalysis] = useState<MoveAnalysis>({ status: 'idle' });
  const worker = useRef<Worker | null>(null);
  const runningKey = useRef<string | null>(null);

  const terminate = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
    runningKey.current = null;
  }, []);

  useEffect(() => {
    if (runningKey.current !== null && runningKey.current !== key) terminate();
    setAnalysis((now) => (now.status !== 'idle' && now.key !== key ? { status: 'idle' } : now));
  }, [key, terminate]);
  useEffect(() => terminate, [terminate]);

  const start = useCallback(() => {
    const startedAt = Date.now();
    worker.current ??= new Worker(new URL('./moveAnalysis.worker.ts', import.meta.url), {
      type: 'module',
    });
    runningKey.current = key;
    setAnalysis({ status: 'running', key, step: null, startedAt });
    worker.current.onmessage = (event: MessageEvent<unknown>) => {
      const reply = parseMoveAnalysisReply(event.data);
      if (reply === null || reply.key !== key) return;
      if (reply.type === 'error') {
        terminate();
        setAnalysis({ status: 'failed', key, message: reply.message });
        return;
      }
      const { step } = reply;
      if (step.final) {
        runningKey.current = null;
        setAnalysis({ status: 'done', key, step, elapsedMs: Date.now() - startedAt });
      } else {
        setAnalysis((now) =>
          now.status === 'running' && now.key === key ? { ...now, step } : now,
        );
      }
    };
    worker.current.onerror = (event) => {
      event.preventDefault();
      terminate();
      setAnalysis({ status: 'failed', key, message: 'The analysis could not run here.' });
    };
    worker.current.postMessage({
      type: 'analyze',
      game,
      moves: [...moves],
    } satisfies MoveAnalysisRequest);
  }, [game, key, moves, terminate]);

  const stop = useCallback(() => {
    terminate();
    setAnalysis((now) =>
      now.status === 'running' ? { status: 'stopped', key: now.key, step: now.step } : now,
    );
  }, [terminate]);

  return { analysis, start, stop };
}
