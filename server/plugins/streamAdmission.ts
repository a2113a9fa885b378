import type { FastifyReply, FastifyRequest } from 'fastify';

/** How many watcher event streams an app may hold: in all, and from one client address. */
export interface StreamLimits {
  /** Streams open at once in this process, of every kind. */
  maxStreams: number;
  /**
   * Streams open at once from one client address (`request.ip`), of every kind, in this process:
   * behind nginx the platform's cap per address is its `limit_conn` (deploy/nginx.conf), which
   * stops a flood before it reaches any process; this one guards a process reached directly.
   */
  perAddress: number;
}

/**
 * Seconds a refused client is told to wait. An address at its cap frees a place only when one of
 * its own streams closes (a tab closed, a match ended), so it waits longer than a client refused
 * because the process is full, where thousands of other watchers come and go.
 */
const RETRY_AFTER_ADDRESS_S = 30;
const RETRY_AFTER_PROCESS_S = 5;

/**
 * The places for the watchers' event streams (matches, tournaments) of one app: one budget for
 * the process and one per client address, shared by every kind, so no client can hold streams
 * until the process runs out of memory or file descriptors. A place is taken before the stream's
 * headers are written and given back exactly once, when its response closes, however it closes
 * (the client leaves, the server ends it after a result, the server shuts down).
 */
export class StreamAdmission {
  private open = 0;
  private readonly byAddress = new Map<string, number>();

  constructor(private readonly limits: StreamLimits) {}

  /**
   * Takes a place for the event stream `reply` is about to become and returns true; over a cap,
   * answers 429 (the address) or 503 (the process) with `retry-after` and returns false. Call it
   * after the last await before the stream's headers, so the place is tied to the response at
   * once and cannot be lost by a throw in between.
   */
  admit(request: FastifyRequest, reply: FastifyReply): boolean {
    const address = request.ip;
    const held = this.byAddress.get(address) ?? 0;
    if (held >= this.limits.perAddress) {
      reply
        .code(429)
        .header('retry-after', String(RETRY_AFTER_ADDRESS_S))
        .send({
          error:
            `Too many event streams from this address (at most ${this.limits.perAddress} at ` +
            `once): close one or try again in ${RETRY_AFTER_ADDRESS_S} s.`,
        });
      return false;
    }
    if (this.open >= this.limits.maxStreams) {
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_PROCESS_S))
        .send({
          error: `The server is watching as many streams as it can: try again in ${RETRY_AFTER_PROCESS_S} s.`,
        });
      return false;
    }
    this.open++;
    this.byAddress.set(address, held + 1);
    const raw = reply.raw;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      this.open--;
      const left = (this.byAddress.get(address) ?? 1) - 1;
      if (left > 0) this.byAddress.set(address, left);
      else this.byAddress.delete(address);
    };
    raw.once('close', release);
    // A client that left while the route awaited has closed already: no 'close' will come.
    if (raw.destroyed) release();
    return true;
  }
}
