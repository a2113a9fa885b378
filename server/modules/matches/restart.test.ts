import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { matchDetailSchema, matchListResponseSchema } from '../../../core/protocol/matches.ts';
import { openDatabase } from '../../db/database.ts';
import { testDatabaseKinds } from '../../testing/testDatabase.ts';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Gridmind is running')) resolve(child);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
}

/** Polls the child's API until `ready` accepts the live matches (the child plays on real time). */
async function waitForLive(base: string, ready: (moves: string[]) => boolean): Promise<string[]> {
  for (let attempt = 0; attempt < 600; attempt++) {
    const response = await fetch(`${base}/api/matches?status=live`);
    const body = matchListResponseSchema.parse(await response.json());
    const moves = body.items.map((item) => item.moves);
    if (ready(moves)) return body.items.map((item) => item.id);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the server did not get there');
}

describe.each(testDatabaseKinds())('a server killed mid-match on %s', (kind) => {
  const children: ChildProcess[] = [];
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const child of children.splice(0)) child.kill('SIGKILL');
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('resumes every match from its last stored move: none lost, none played twice', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gridmind-restart-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>Gridmind</title>');
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      DATA_DIR: join(dir, 'data'),
      CLIENT_DIR: dir,
      LIVE_MATCHES: '1',
      MOVE_DELAY_MS: '20',
      BETTING_WINDOW_MS: '0',
    };
    if (kind === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const url = new URL(adminUrl);
      const name = `gridmind_restart_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: url.href });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: adminUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      });
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.href;
    }
    const base = `http://127.0.0.1:${env.PORT}`;

    const first = await startServer(env);
    children.push(first);
    await waitForLive(base, (moves) => moves.length === 1 && moves.every((m) => m.length >= 3));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));

    // What the dead process had committed, read straight from the database.
    const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR! });
    const { rows } = await db.query<{ id: string; moves: string }>(
      `select id, moves from matches where status = 'live'`,
    );
    await db.close();
    expect(rows).toHaveLength(1);

    const second = await startServer(env);
    children.push(second);
    const before = new Map(rows.map((row) => [row.id, row.moves]));
    await waitForLive(base, () => true);
    for (const [id, moves] of before) {
      let checked = false;
      for (let attempt = 0; attempt < 600 && !checked; attempt++) {
        const detail = matchDetailSchema.parse(
          await (await fetch(`${base}/api/matches/${id}`)).json(),
        );
        if (detail.moves.length > moves.length || detail.status !== 'live') {
          expect(detail.moves.startsWith(moves)).toBe(true);
          expect(detail.turns.map((turn) => turn.ply)).toEqual(detail.turns.map((_, i) => i + 1));
          expect(detail.turns.map((turn) => turn.column).join('')).toBe(detail.moves);
          const [a, b] = detail.players;
          expect(detail.turns.map((turn) => turn.agentId)).toEqual(
            detail.turns.map((_, i) => (i % 2 === 0 ? a.agentId : b.agentId)),
          );
          checked = true;
        } else {
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      expect(checked).toBe(true);
    }
  }, 240_000);
});
