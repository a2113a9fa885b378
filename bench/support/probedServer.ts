import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Starts `server/server.ts` with the given probes (bench/*Probe.ts) preloaded and an IPC channel
 * to ask them for figures, its descriptor limit first raised to the hard limit (each watcher is a
 * socket), and a CPU profile written to `cpuProfileDir` when given. Every line the server prints
 * goes to `onLine`; resolves once it listens.
 */
export function spawnProbedServer(options: {
  probes: readonly string[];
  /** Variables set for the server; an undefined one is removed from the inherited environment. */
  env: Record<string, string | undefined>;
  cpuProfileDir?: string | undefined;
  onLine: (line: string) => void;
}): Promise<ChildProcess> {
  const nodeArgs = [
    '--expose-gc --import tsx',
    ...options.probes.map((probe) => `--import ./bench/${probe}`),
    options.cpuProfileDir ? `--cpu-prof --cpu-prof-dir=${options.cpuProfileDir}` : '',
  ].join(' ');
  const child = spawn(
    'sh',
    ['-c', `ulimit -n "$(ulimit -Hn)"; exec "$0" ${nodeArgs} server/server.ts`, process.execPath],
    { env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] },
  );
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const lines = output.split('\n');
      output = lines.pop() ?? '';
      for (const line of lines) {
        if (line.includes('Gridmind is running')) resolve(child);
        else options.onLine(line);
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

/**
 * Sends `message` to a probe preloaded in `server` and resolves with the first answer
 * `isAnswer` accepts (the probes answer several kinds of message on one channel).
 */
export function askProbe<T>(
  server: ChildProcess,
  message: string,
  isAnswer: (answer: object) => boolean,
): Promise<T> {
  return new Promise((resolve) => {
    const listener = (answer: unknown) => {
      if (typeof answer !== 'object' || answer === null || !isAnswer(answer)) return;
      server.off('message', listener);
      resolve(answer as T);
    };
    server.on('message', listener);
    server.send(message);
  });
}
