import { parentPort, workerData } from 'node:worker_threads';
import { gameOf } from '#core/games/registry.ts';
import { loadCheckersEndgame } from './checkersEndgameFile.ts';
import { decisionRequestSchema, judgeRequestSchema } from './decisionRequest.ts';
import { idleSearchThread, lowerSearchThreadPriority } from './searchPriority.ts';

// Before any search: the event loop's thread must win every core this thread wants, or the
// watchers' fan-out waits behind a search (issue 26, part 5). A pool of deeper verdicts runs on
// what the agents' searches leave too (DecisionPool's `idle`).
if ((workerData as { idle?: boolean } | null)?.idle === true) idleSearchThread();
else lowerSearchThreadPriority();

const endgameFile = (workerData as { checkersEndgame?: string } | null)?.checkersEndgame;
let endgameLoaded = false;

// The checkers endgame tables, read on this thread's first checkers request after the file is
// there (built once per data folder by checkersEndgameBuild.worker.ts); searches go without them
// until then.
function withEndgame(game: string) {
  if (game !== 'checkers' || endgameLoaded || endgameFile === undefined) return;
  try {
    endgameLoaded = loadCheckersEndgame(endgameFile);
  } catch {
    // a file that does not decode: no tables rather than no move
    endgameLoaded = true;
  }
}

/** An agent's move: the synchronous search, off the event loop. */
function decide(message: unknown) {
  const request = decisionRequestSchema.parse(message);
  withEndgame(request.game);
  // The deadline is set here, on this thread's clock, when the search really starts.
  const deadline = Date.now() + request.budgetMs;
  const game = gameOf(request.game);
  const decision = game.decide(game.decodeMoves(request.moves), request.traits, {
    seed: request.seed,
    deadline,
    now: Date.now,
  });
  return { id: request.id, decision };
}

/** The verdict on a chosen move, null where its game judges none (or not within budget). */
function judge(message: unknown) {
  const request = judgeRequestSchema.parse(message);
  withEndgame(request.game);
  const game = gameOf(request.game);
  const verdict =
    game.judge?.(game.decodeMoves(request.moves), request.move, {
      deadline: Date.now() + request.budgetMs,
      now: Date.now,
      ...(request.exactNodes === undefined ? {} : { exactNodes: request.exactNodes }),
      ...(request.chancesNodes === undefined ? {} : { chancesNodes: request.chancesNodes }),
      ...(request.chancesDepth === undefined ? {} : { chancesDepth: request.chancesDepth }),
    }) ?? null;
  return { id: request.id, verdict };
}

// A worker thread of the decision pool: agents' searches and the verdicts on their moves.
parentPort?.on('message', (message: unknown) => {
  const id = (message as { id?: unknown }).id;
  try {
    const isJudge = (message as { kind?: unknown }).kind === 'judge';
    parentPort?.postMessage(isJudge ? judge(message) : decide(message));
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});

// Searches are timed from when they are posted: the pool posts none before the thread has loaded.
parentPort?.postMessage({ ready: true });
