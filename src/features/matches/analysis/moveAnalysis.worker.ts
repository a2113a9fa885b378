/**
 * The Othello and checkers analysis worker: answers an `analyze` request with each step of the
 * game's own analysis (core/games/<game>/analyzeMoves.ts). Loaded only when a watcher asks; the
 * page terminates it to stop.
 */
import { analyzeCheckersMoves } from '#core/games/checkers/analyzeMoves.ts';
import { analyzeOthelloMoves } from '#core/games/othello/analyzeMoves.ts';
import {
  type MoveAnalysisReply,
  moveAnalysisRequestSchema,
  positionKey,
} from './moveAnalysisMessages.ts';

// The worker's own scope; src is typed for the DOM, where `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(reply: MoveAnalysisReply): void;
};

scope.onmessage = (event) => {
  const request = moveAnalysisRequestSchema.safeParse(event.data);
  if (!request.success) {
    scope.postMessage({
      type: 'error',
      key: '',
      message: 'The analysis was asked for an unknown position.',
    });
    return;
  }
  const { game, moves } = request.data;
  const key = positionKey(game, moves);
  try {
    const analyze = game === 'othello' ? analyzeOthelloMoves : analyzeCheckersMoves;
    analyze(moves, (step) => scope.postMessage({ type: 'step', key, step }));
  } catch (error) {
    scope.postMessage({
      type: 'error',
      key,
      message: error instanceof Error ? error.message : 'The analysis failed.',
    });
  }
};
