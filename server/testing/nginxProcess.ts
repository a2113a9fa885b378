import { type ChildProcess, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { nginxConfigFor } from './nginxConfig.ts';

const shippedConfig = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));

/** Where Debian puts nginx, then the PATH; null when this machine has none. */
export function findNginx(): string | null {
  const candidates = [
    '/usr/sbin/nginx',
    ...(process.env.PATH ?? '')
      .split(delimiter)
      .filter(Boolean)
      .map((dir) => join(dir, 'nginx')),
  ];
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return null;
}

/** A running nginx of the test's own (not the system's service) and how to reach it. */
export interface NginxProcess {
  base: string;
  /** The error log so far (for failure messages). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

async function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Starts nginx in the foreground on deploy/nginx.conf (see nginxConfigFor) in a temporary prefix,
 * listening on `listenPort` in front of the processes on `upstreamPorts`; resolves once it
 * accepts connections.
 */
export async function startNginx(
  binary: string,
  ports: { listenPort: number; upstreamPorts: readonly number[] },
): Promise<NginxProcess> {
  const { listenPort, upstreamPorts } = ports;
  const prefixDir = await mkdtemp(join(tmpdir(), 'gridmind-nginx-'));
  // As root nginx's workers run as www-data (the shipped `user`): they must reach the temp dirs.
  await chmod(prefixDir, 0o755);
  const clientRoot = join(prefixDir, 'client');
  await mkdir(clientRoot);
  for (const kind of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    await mkdir(join(prefixDir, `${kind}_temp`), { mode: 0o777 });
    await chmod(join(prefixDir, `${kind}_temp`), 0o777);
  }
  const config = nginxConfigFor(await readFile(shippedConfig, 'utf8'), {
    listenPort,
    upstreamPorts,
    prefixDir,
    clientRoot,
  });
  const configPath = join(prefixDir, 'nginx.conf');
  await writeFile(configPath, config);
  const errorLogPath = join(prefixDir, 'error.log');
  const child: ChildProcess = spawn(
    binary,
    ['-p', prefixDir, '-c', configPath, '-e', errorLogPath, '-g', 'daemon off;'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = async () =>
    `${stderr}${await readFile(errorLogPath, 'utf8').catch(() => '(no error log)')}`;
  for (let attempt = 0; !(await accepts(listenPort)); attempt++) {
    if (child.exitCode !== null || attempt > 100) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${await errorLog()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base: `http://127.0.0.1:${listenPort}`,
    errorLog,
    async stop() {
      // SIGTERM is nginx's fast shutdown: open event streams are not waited for.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(prefixDir, { recursive: true, force: true });
    },
  };
}
