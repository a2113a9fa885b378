import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { gameOf } from '../../../../core/games/registry.ts';
import { decisionRequestSchema } from './decisionRequest.ts';

/** The niceness searches run at: the event loop (nice 0) gets about nine tenths of a shared core. */
const SEARCH_NICE = 10;

/**
 * Searches run at a lower CPU priority than the event loop (nice 10). The pool keeps its thread
 * searching most of the time (92% of a minute with six live matches), and at equal priority the
 * kernel shared a core between it and the event loop, so a move's fan-out to thousands of watchers
 * waited for the core in the middle of its loop. Searches are bounded by their deadline, not by
 * CPU, so a search that gives way only searches less. Linux only (a thread's id is its entry in
 * /proc/thread-self, and setpriority takes it); elsewhere searches keep the normal priority.
 */
function lowerPriority(): void {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    setPriority(threadId, SEARCH_NICE);
  } catch {
    // Not Linux, or not allowed: the search still runs, at the normal priority.
  }
}
lowerPriority();

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
