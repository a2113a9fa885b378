/**
 * The Connect Four analysis worker: answers each `analyze` request with every column's exact
 * score (see analyzePosition). Loaded only when a watcher asks; the page terminates it to stop.
 */
import { createSolver, type ExactSolver } from '#core/games/connect4/exactSolver.ts';
import type { AnalysisReply } from './analysisMessages.ts';
import { analyzePosition } from './analyzePosition.ts';

// The worker's own scope; src is typed for the DOM, where `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<unknown>) => void) | null;
  postMessage(reply: AnalysisReply): void;
};

// Made at the first request and kept while the worker lives: the table's entries stay valid from
// one position to the next, so stepping through a replay solves the next position faster.
// 2^24 slots (64 MB), as the solve CLI: early positions wait on the table more than on anything.
let solver: ExactSolver | undefined;

scope.onmessage = (event) => {
  solver ??= createSolver({ log2TableSize: 24 });
  analyzePosition(event.data, solver, (reply) => scope.postMessage(reply));
};
