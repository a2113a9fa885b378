import { parentPort } from 'node:worker_threads';
import { gameOf } from '../../../../core/games/registry.ts';
import { decisionRequestSchema } from './decisionRequest.ts';
import { lowerSearchThreadPriority } from './searchPriority.ts';

// Before any search: the event loop's thread must win every core this thread wants, or the
// watchers' fan-out waits behind a search (issue 26, part 5).
lowerSearchThreadPriority();

// A worker thread of the decision pool: runs the synchronous agent search off the event loop.
parentPort?.on('message', (message: unknown) => {
  const request = decisionRequestSchema.parse(message);
  try {
    // The deadline is set here, on this thread's clock, when the search really starts.
    const deadline = Date.now() + request.budgetMs;
    const game = gameOf(request.game);
    const decision = game.decide(game.decodeMoves(request.moves), request.traits, {
      seed: request.seed,
      deadline,
      now: Date.now,
    });
    parentPort?.postMessage({ id: request.id, decision });
  } catch (error) {
    parentPort?.postMessage({ id: request.id, error: String(error) });
  }
});

// Searches are timed from when they are posted: the pool posts none before the thread has loaded.
parentPort?.postMessage({ ready: true });
