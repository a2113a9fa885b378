import { workerData } from 'node:worker_threads';
import { buildCheckersEndgameFile } from './checkersEndgameFile.ts';
import { idleSearchThread } from './searchPriority.ts';

// The endgame tables' one build per data folder, on a thread in Linux's idle class: matches,
// searches and the event loop always go first; until the file is there, searches go without it.
idleSearchThread();
buildCheckersEndgameFile((workerData as { path: string }).path);
