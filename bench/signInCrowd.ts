/**
 * A crowd of wallets, for the sign-in burst and the rush: every wallet's nonce request at once,
 * then every wallet's verify at once, then any requests the bench asks for (each wallet with its
 * own cookies), each wave timed. Two of them behind one shape: the C crowd (signInCrowd.c, built with the
 * machine's C compiler into the bench's temporary folder at bench time, nothing installed) and
 * the Node crowd (one LoadClient a wallet), which the bench uses where no compiler answers or
 * when SIGNIN_CROWD=node asks for it.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildCClient } from './support/cClient.ts';
import { LoadClient, LoadRecorder } from './support/httpLoad.ts';

/** One wallet's answer in a wave (status 0: it failed) and how long it took. */
export interface CrowdAnswer {
  status: number;
  body: string;
  ms: number;
}

/**
 * What one wave gave: each wallet's answer, in wallet order, the CPU the crowd used, and the
 * wave's time from its first request to its last answer.
 */
export interface CrowdWave {
  answers: CrowdAnswer[];
  crowdMs: number;
  wallMs: number;
}

export interface SignInCrowd {
  /** Which crowd this is, for the bench's output. */
  readonly name: string;
  nonces(): Promise<CrowdWave>;
  /** Posts each wallet's body (its message and signature) with the cookies its nonce set. */
  verifies(bodies: readonly { message: string; signature: string }[]): Promise<CrowdWave>;
  /** Every wallet's GET of `path` at once. */
  get(path: string): Promise<CrowdWave>;
  /** Every wallet's POST of its own JSON body (`bodies[i]` for wallet i) to `path` at once. */
  post(path: string, bodies: readonly unknown[]): Promise<CrowdWave>;
  close(): void;
}

const SOURCE = fileURLToPath(new URL('./signInCrowd.c', import.meta.url));

const waveSchema = z.object({
  kind: z.enum(['nonces', 'verifies', 'requests']),
  cpuMs: z.number(),
  wallMs: z.number(),
  answers: z.array(z.object({ status: z.number(), ms: z.number(), body: z.string() })),
});

/** The C crowd, or the reason it cannot be built. */
async function nativeCrowd(
  dir: string,
  origin: string,
  wallets: number,
): Promise<SignInCrowd | { reason: string }> {
  const built = await buildCClient(SOURCE, join(dir, 'sign-in-crowd'));
  if (built.binary === null) return { reason: built.reason };
  const { hostname, port } = new URL(origin);
  const child = spawn(built.binary, [hostname, port, String(wallets)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextWave = async (kind: z.infer<typeof waveSchema>['kind']): Promise<CrowdWave> => {
    const line = await lines.next();
    if (line.done) throw new Error('the C crowd exited before answering');
    const wave = waveSchema.parse(JSON.parse(line.value));
    if (wave.kind !== kind) throw new Error(`the C crowd answered ${wave.kind}, not ${kind}`);
    return { answers: wave.answers, crowdMs: Math.round(wave.cpuMs), wallMs: wave.wallMs };
  };
  return {
    name: 'C (signInCrowd.c)',
    nonces() {
      child.stdin.write('nonce\n');
      return nextWave('nonces');
    },
    verifies(bodies) {
      child.stdin.write(`verify\n${bodies.map((body) => JSON.stringify(body)).join('\n')}\n`);
      return nextWave('verifies');
    },
    get(path) {
      child.stdin.write(`get ${path}\n`);
      return nextWave('requests');
    },
    post(path, bodies) {
      child.stdin.write(`post ${path}\n${bodies.map((body) => JSON.stringify(body)).join('\n')}\n`);
      return nextWave('requests');
    },
    close: () => child.kill(),
  };
}

/** The Node crowd: one LoadClient (its own cookie jar and keep-alive connections) a wallet. */
function nodeCrowd(origin: string, wallets: number): SignInCrowd {
  const recorder = new LoadRecorder();
  const clients = Array.from({ length: wallets }, () => new LoadClient(origin, recorder));
  const wave = async (
    send: (client: LoadClient, index: number) => Promise<{ status: number; body: string }>,
  ) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    const answers = await Promise.all(
      clients.map(async (client, index) => {
        const started = performance.now();
        const answer = await send(client, index);
        return { ...answer, ms: performance.now() - started };
      }),
    );
    const wallMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { answers, crowdMs: Math.round((used.user + used.system) / 1000), wallMs };
  };
  return {
    name: 'Node (one LoadClient a wallet)',
    nonces: () => wave((client) => client.send('GET /auth/nonce', '/auth/nonce')),
    verifies: (bodies) =>
      wave((client, index) =>
        client.send('POST /auth/verify', '/auth/verify', { method: 'POST', json: bodies[index] }),
      ),
    get: (path) => wave((client) => client.send(`GET ${path}`, path)),
    post: (path, bodies) =>
      wave((client, index) =>
        client.send(`POST ${path}`, path, { method: 'POST', json: bodies[index] }),
      ),
    close: () => {},
  };
}

/** The C crowd unless SIGNIN_CROWD=node or it cannot be built (then it says why). */
export async function startSignInCrowd(
  dir: string,
  origin: string,
  wallets: number,
): Promise<SignInCrowd> {
  if (process.env.SIGNIN_CROWD === 'node') return nodeCrowd(origin, wallets);
  const native = await nativeCrowd(dir, origin, wallets);
  if ('name' in native) return native;
  console.log(`(the C crowd could not be built, so the Node one runs: ${native.reason})`);
  return nodeCrowd(origin, wallets);
}
