/**
 * The sign-in burst's crowd: every wallet's nonce request at once, then every wallet's verify at
 * once, each timed. Two of them behind one shape: the C crowd (signInCrowd.c, built with the
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

/** What one wave gave: each wallet's answer, in wallet order, and the CPU the crowd used. */
export interface CrowdWave {
  answers: CrowdAnswer[];
  crowdMs: number;
}

export interface SignInCrowd {
  /** Which crowd this is, for the bench's output. */
  readonly name: string;
  nonces(): Promise<CrowdWave>;
  /** Posts each wallet's body (its message and signature) with the cookies its nonce set. */
  verifies(bodies: readonly { message: string; signature: string }[]): Promise<CrowdWave>;
  close(): void;
}

const SOURCE = fileURLToPath(new URL('./signInCrowd.c', import.meta.url));

const waveSchema = z.object({
  kind: z.enum(['nonces', 'verifies']),
  cpuMs: z.number(),
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
  const nextWave = async (kind: 'nonces' | 'verifies'): Promise<CrowdWave> => {
    const line = await lines.next();
    if (line.done) throw new Error('the C crowd exited before answering');
    const wave = waveSchema.parse(JSON.parse(line.value));
    if (wave.kind !== kind) throw new Error(`the C crowd answered ${wave.kind}, not ${kind}`);
    return { answers: wave.answers, crowdMs: Math.round(wave.cpuMs) };
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
    const answers = await Promise.all(
      clients.map(async (client, index) => {
        const started = performance.now();
        const answer = await send(client, index);
        return { ...answer, ms: performance.now() - started };
      }),
    );
    const used = process.cpuUsage(cpu);
    return { answers, crowdMs: Math.round((used.user + used.system) / 1000) };
  };
  return {
    name: 'Node (one LoadClient a wallet)',
    nonces: () => wave((client) => client.send('GET /auth/nonce', '/auth/nonce')),
    verifies: (bodies) =>
      wave((client, index) =>
        client.send('POST /auth/verify', '/auth/verify', { method: 'POST', json: bodies[index] }),
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
