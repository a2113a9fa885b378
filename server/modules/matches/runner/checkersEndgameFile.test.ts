import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkersEndgame, installCheckersEndgame } from '#core/games/checkers/endgame/installed.ts';
import { buildCheckersEndgameFile, loadCheckersEndgame } from './checkersEndgameFile.ts';

// Two pieces: the same build and file as the served four, in a fraction of a second.
const PIECES = 2;

describe('the checkers endgame file', () => {
  const folders: string[] = [];
  const scratch = () => {
    const folder = mkdtempSync(join(tmpdir(), 'gridmind-endgame-'));
    folders.push(folder);
    mkdirSync(join(folder, 'data'));
    return join(folder, 'data', 'checkers-endgame.bin');
  };
  afterEach(() => {
    installCheckersEndgame(null);
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('is built once, then found, and loads into this thread', () => {
    const path = scratch();
    expect(loadCheckersEndgame(path)).toBe(false);
    expect(buildCheckersEndgameFile(path, PIECES)).toBe('built');
    expect(buildCheckersEndgameFile(path, PIECES)).toBe('present');
    // nothing left beside it: no lock, no temporary file
    expect(readdirSync(join(path, '..'))).toEqual(['checkers-endgame.bin']);
    expect(loadCheckersEndgame(path)).toBe(true);
    expect(checkersEndgame()?.maxPieces).toBe(PIECES);
  });

  it('is left to the living process that holds its lock', () => {
    const path = scratch();
    writeFileSync(`${path}.lock`, String(process.pid));
    expect(buildCheckersEndgameFile(path, PIECES)).toBe('busy');
    expect(existsSync(path)).toBe(false);
  });

  it('is built by the next process when the lock holder died', () => {
    const path = scratch();
    const dead = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(`${path}.lock`, String(dead));
    expect(buildCheckersEndgameFile(path, PIECES)).toBe('built');
    expect(existsSync(`${path}.lock`)).toBe(false);
  });
});
