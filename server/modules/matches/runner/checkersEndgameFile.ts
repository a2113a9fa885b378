import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { installCheckersEndgame } from '#core/games/checkers/endgame/installed.ts';
import { buildEndgameTables } from '#core/games/checkers/endgame/retrograde.ts';
import {
  decodeEndgameTables,
  encodeEndgameTables,
} from '#core/games/checkers/endgame/tableFile.ts';
import { startTypeScriptWorker } from '#server/plugins/typeScriptWorker.ts';

const BUILD_WORKER_URL = new URL('./checkersEndgameBuild.worker.ts', import.meta.url);

/**
 * Checkers endgame tables on disk: every position of up to this many pieces (core/games/checkers/
 * endgame/). Four take 14.7 MB and a build of about 20 s; five would take 297 MB and about an
 * hour (ENGINE.md, "Endgame tables").
 */
export const CHECKERS_ENDGAME_PIECES = 4;

/** Where a data folder keeps the tables. */
export function checkersEndgamePath(dataDir: string): string {
  return join(dataDir, `checkers-endgame-${CHECKERS_ENDGAME_PIECES}.bin`);
}

/**
 * Installs the tables of the file for this thread's searches and verdicts when the file is there;
 * returns whether they are installed. A file that does not decode is left alone (not installed).
 */
export function loadCheckersEndgame(path: string): boolean {
  if (!existsSync(path)) return false;
  installCheckersEndgame(decodeEndgameTables(new Uint8Array(readFileSync(path))));
  return true;
}

/**
 * Builds the file once for every process of the data folder: 'present' when it is there,
 * 'busy' when another living process holds the lock and builds it, else builds it and says
 * 'built'. The lock is a file created exclusively, naming its process (a lock whose process has
 * died is taken over); the tables are written under a temporary name and renamed into place,
 * so a reader never sees half a file.
 */
export function buildCheckersEndgameFile(
  path: string,
  pieces = CHECKERS_ENDGAME_PIECES,
): 'present' | 'busy' | 'built' {
  if (existsSync(path)) return 'present';
  mkdirSync(dirname(path), { recursive: true });
  const lockPath = `${path}.lock`;
  let lock: number;
  try {
    lock = openSync(lockPath, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (lockHolderAlive(lockPath)) return 'busy';
    unlinkSync(lockPath);
    return buildCheckersEndgameFile(path, pieces);
  }
  try {
    writeSync(lock, String(process.pid));
    closeSync(lock);
    if (existsSync(path)) return 'present';
    const bytes = encodeEndgameTables(buildEndgameTables(pieces));
    const temporary = `${path}.${process.pid}.tmp`;
    const file = openSync(temporary, 'w');
    try {
      writeSync(file, bytes);
    } finally {
      closeSync(file);
    }
    renameSync(temporary, path);
    return 'built';
  } finally {
    unlinkSync(lockPath);
  }
}

function lockHolderAlive(lockPath: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lockPath, 'utf8'));
  } catch {
    // gone meanwhile: the holder finished
    return false;
  }
  // a lock just created has no pid written yet: its holder is alive
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Builds the file on a thread of its own unless it is there (server.ts, at boot of a process that
 * plays); the thread does not keep the process alive.
 */
export function startCheckersEndgameBuild(path: string, onError: (error: Error) => void): Worker {
  const worker = startTypeScriptWorker(BUILD_WORKER_URL, { path });
  worker.on('error', onError);
  worker.unref();
  return worker;
}
