/**
 * The watchers benchmarks' client processes (watcherClients.ts in Node, watcherClients.c built by
 * watcherClientsNative.ts), started and spoken to the same way: a command to start timing, a
 * command to report, messages back by kind.
 */
import { spawn } from 'node:child_process';

/** What the parent asks a client process: start timing, or send the figures. */
export type ClientCommand =
  | { kind: 'measure'; fromPly: number; moves: number }
  | { kind: 'report' };

/** A message from a client process (both kinds send the same ones). */
export interface ClientMessage {
  kind: string;
  latencies?: number[];
  failed?: number;
  connectMs?: number;
  cpuMs?: number;
  /** C clients only: per timed ply, [ply, playedAt, first read, last read, reads] (epoch ms). */
  moves?: [number, number, number, number, number][];
}

/** One client process and the messages it sends back. */
export interface ClientProcess {
  send(command: ClientCommand): void;
  next(kind: string): Promise<ClientMessage>;
  stop(): void;
}

/** Hands each message to whoever waits for its kind, or keeps it until someone asks. */
function messageBox(): {
  deliver(message: ClientMessage): void;
  next(kind: string): Promise<ClientMessage>;
} {
  const inbox: ClientMessage[] = [];
  const waiting = new Map<string, (message: ClientMessage) => void>();
  return {
    deliver(message) {
      const waiter = waiting.get(message.kind);
      if (waiter) {
        waiting.delete(message.kind);
        waiter(message);
      } else inbox.push(message);
    },
    next(kind) {
      const index = inbox.findIndex((message) => message.kind === kind);
      if (index >= 0) return Promise.resolve(inbox.splice(index, 1)[0]!);
      return new Promise((resolve) => waiting.set(kind, resolve));
    },
  };
}

// Each stream is a socket: both kinds raise the descriptor limit to the hard limit first.
const RAISE_FD_LIMIT = 'ulimit -n "$(ulimit -Hn)"; exec "$0" "$@"';

/** A Node client process (watcherClients.ts), spoken to over its IPC channel. */
export function startNodeClients(url: string, count: number, lastId: number): ClientProcess {
  const child = spawn(
    'sh',
    [
      '-c',
      RAISE_FD_LIMIT,
      process.execPath,
      '--import',
      'tsx',
      'bench/watcherClients.ts',
      url,
      String(count),
      String(lastId),
    ],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const box = messageBox();
  child.on('message', box.deliver);
  return {
    send: (command) => child.send(command),
    next: box.next,
    stop: () => child.kill('SIGKILL'),
  };
}

/** A C client process (watcherClients.c), spoken to in lines on its standard input and output. */
export function startNativeClients(
  binary: string,
  url: string,
  count: number,
  lastId: number,
): ClientProcess {
  const target = new URL(url);
  const child = spawn(
    'sh',
    [
      '-c',
      RAISE_FD_LIMIT,
      binary,
      target.hostname,
      target.port,
      `${target.pathname}${target.search}`,
      String(count),
      String(lastId),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const box = messageBox();
  let pending = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) box.deliver(JSON.parse(line) as ClientMessage);
  });
  return {
    send: (command) =>
      child.stdin?.write(
        command.kind === 'measure' ? `measure ${command.fromPly} ${command.moves}\n` : 'report\n',
      ),
    next: box.next,
    stop: () => child.kill('SIGKILL'),
  };
}
