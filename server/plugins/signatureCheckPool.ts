import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { StrictSiweMessage } from '#server/modules/auth/siweMessage.ts';
import { signatureCheckResponseSchema } from './signatureCheckRequest.ts';
import { startTypeScriptWorker } from './typeScriptWorker.ts';

/** One sign-in to check: its EIP-4361 text and the wallet's signature of it. */
export interface SignInCheckRequest {
  message: string;
  signature: `0x${string}`;
}

/**
 * What a thread found: the text read strictly (parseSiweMessage; null when it is not such a
 * message) and whether the address it names signed it (an EOA; contract wallets need the chain).
 */
export interface SignInCheck {
  message: StrictSiweMessage | null;
  signedByEoa: boolean;
}

/** The answer for a check no thread could finish: nothing read, nothing signed. */
const REFUSED: SignInCheck = { message: null, signedByEoa: false };

/** A place held in the pool's admission; release it once the request no longer needs it. */
export interface SignatureCheckPlace {
  release(): void;
}

interface Waiting {
  request: SignInCheckRequest;
  resolve: (answer: SignInCheck) => void;
}

interface Thread {
  worker: Worker;
  inFlight: Map<number, Waiting>;
}

/**
 * Checks sent to one thread before it answers: enough that a thread never idles while the event
 * loop is busy with other requests, few enough that a lost thread fails only a handful.
 */
const PIPELINE_DEPTH = 8;

/** How many sign-ins may wait for a check at once by default (about 0.4 s of checks on 2 threads). */
export const DEFAULT_SIGNATURE_CHECKS_WAITING = 1_000;

const WORKER_URL = new URL('./signatureCheck.worker.ts', import.meta.url);

/**
 * Reads sign-in messages and recovers their signers on worker threads, so a burst of sign-ins
 * costs the event loop only a message each way per check while streams and other requests keep
 * flowing. Admission is
 * bounded: `admit()` holds a place for a sign-in before its nonce is spent and answers null when
 * `maxWaiting` are already held, so the route can say 503 and the wallet can try again with the
 * same nonce. A thread that dies fails its checks (refused, never signed) and is replaced.
 */
export class SignatureCheckPool {
  private readonly threads: Thread[] = [];
  private readonly queue: Waiting[] = [];
  private admitted = 0;
  private nextId = 1;
  private closed = false;
  /** Checks answered by a worker thread (a test's proof that the work left the main thread). */
  checkedOffThread = 0;

  constructor(readonly options: { threads?: number; maxWaiting?: number } = {}) {}

  /**
   * Starts the threads if they are not running yet (a nonce request calls it, so the threads
   * have booted by the time that visitor's signature arrives); a process that never sees a
   * sign-in never starts them.
   */
  warm(): void {
    if (this.closed || this.threads.length > 0) return;
    const size = Math.max(1, this.options.threads ?? availableParallelism());
    for (let i = 0; i < size; i++) this.threads.push(this.spawn());
  }

  /** Holds one place for a sign-in's check, or null when the pool is saturated. */
  admit(): SignatureCheckPlace | null {
    if (
      this.closed ||
      this.admitted >= (this.options.maxWaiting ?? DEFAULT_SIGNATURE_CHECKS_WAITING)
    )
      return null;
    this.admitted++;
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.admitted--;
      },
    };
  }

  /** Checks one sign-in on a worker thread; refused (nothing read, not signed) on any failure. */
  check(request: SignInCheckRequest): Promise<SignInCheck> {
    if (this.closed) return Promise.resolve(REFUSED);
    this.warm();
    return new Promise((resolve) => {
      this.queue.push({ request, resolve });
      this.pump();
    });
  }

  /** Terminates every thread; checks not yet answered resolve refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const waiting of this.queue.splice(0)) waiting.resolve(REFUSED);
    await Promise.all(
      this.threads.map(async (thread) => {
        this.failAll(thread);
        await thread.worker.terminate();
      }),
    );
  }

  private spawn(): Thread {
    const worker = startTypeScriptWorker(WORKER_URL);
    const thread: Thread = { worker, inFlight: new Map() };
    worker.on('message', (message: unknown) => {
      const answer = signatureCheckResponseSchema.parse(message);
      const waiting = thread.inFlight.get(answer.id);
      if (!waiting) return;
      thread.inFlight.delete(answer.id);
      this.checkedOffThread++;
      waiting.resolve({ message: answer.message, signedByEoa: answer.signedByEoa });
      this.pump();
    });
    const lost = () => {
      this.failAll(thread);
      if (this.closed) return;
      const index = this.threads.indexOf(thread);
      if (index >= 0) this.threads[index] = this.spawn();
      this.pump();
    };
    worker.once('error', lost);
    worker.once('exit', lost);
    worker.unref();
    return thread;
  }

  private failAll(thread: Thread): void {
    for (const waiting of thread.inFlight.values()) waiting.resolve(REFUSED);
    thread.inFlight.clear();
  }

  private pump(): void {
    // Fill the emptiest thread first, so a burst spreads over every thread at once.
    while (this.queue.length > 0) {
      const thread = this.threads.reduce((least, candidate) =>
        candidate.inFlight.size < least.inFlight.size ? candidate : least,
      );
      if (thread.inFlight.size >= PIPELINE_DEPTH) break;
      const waiting = this.queue.shift() as Waiting;
      const id = this.nextId++;
      thread.inFlight.set(id, waiting);
      thread.worker.ref();
      thread.worker.postMessage({ id, ...waiting.request });
    }
    for (const thread of this.threads) if (thread.inFlight.size === 0) thread.worker.unref();
  }
}

let processPool: SignatureCheckPool | undefined;

/**
 * The process's pool: one per process whatever the number of apps built in it (tests build
 * many), its admission bound per process as the cores are. Idle threads do not keep the process
 * alive.
 */
export function processSignatureCheckPool(): SignatureCheckPool {
  processPool ??= new SignatureCheckPool();
  return processPool;
}
