import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './serverProcess.ts';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** The newest PostgreSQL's bin folder under /usr/lib/postgresql, or null when none is installed. */
async function postgresBinaries(): Promise<string | null> {
  const versions = await readdir(PG_ROOT).catch(() => [] as string[]);
  const newest = versions.filter((name) => /^\d+$/.test(name)).sort((a, b) => +b - +a)[0];
  return newest ? join(PG_ROOT, newest, 'bin') : null;
}

/** A PostgreSQL server of the test's own, which it may stop and restart at will. */
export interface OwnPostgres {
  /** The `postgres` database's URL on it (trust authentication, loopback only). */
  url: string;
  /** Stops it (`-m fast`: sessions are cut, as in a crash-restart), waits, starts it again. */
  restart(downMs: number): Promise<void>;
  /** Stops it and deletes its data directory. */
  destroy(): Promise<void>;
}

/**
 * initdb on a temporary folder and a free port on 127.0.0.1, never the shared server on 5432.
 * PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user.
 */
export async function startOwnPostgres(): Promise<OwnPostgres> {
  const bin = await postgresBinaries();
  if (!bin) throw new Error(`no PostgreSQL under ${PG_ROOT}: install the postgresql package`);
  const dataDir = await mkdtemp(join(tmpdir(), 'gridmind-own-pg-'));
  const asRoot = process.getuid?.() === 0;
  const pg = async (tool: string, args: string[]) => {
    const [command, fullArgs] = asRoot
      ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]]
      : [join(bin, tool), args];
    await run(command, fullArgs);
  };
  if (asRoot) {
    const { uid, gid } = await postgresIds();
    await chown(dataDir, uid, gid);
  }
  const port = await freePort();
  await pg('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${dataDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const start = () =>
    pg('pg_ctl', ['-D', dataDir, '-l', join(dataDir, 'log'), '-w', '-o', options, 'start']);
  const stop = () => pg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart(downMs) {
      await stop();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    async destroy() {
      await stop().catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([
    run('id', ['-u', 'postgres']),
    run('id', ['-g', 'postgres']),
  ]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}
