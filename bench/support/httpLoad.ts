import { Agent, request as httpRequest } from 'node:http';
import type { LocalAccount } from 'viem';
import { buildSiweMessage } from '#server/testing/signIn.ts';

const REQUEST_TIMEOUT_MS = 30_000;

/** Latencies and statuses per endpoint label, printed as one table. */
export class LoadRecorder {
  private readonly byLabel = new Map<
    string,
    { latenciesMs: number[]; statuses: Map<number, number> }
  >();

  /** Notes one finished request (status 0: the connection failed). */
  record(label: string, latencyMs: number, status: number): void {
    let entry = this.byLabel.get(label);
    if (!entry) {
      entry = { latenciesMs: [], statuses: new Map() };
      this.byLabel.set(label, entry);
    }
    entry.latenciesMs.push(latencyMs);
    entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  }

  /** The p-th percentile of one endpoint's latencies (NaN when it has none). */
  percentileMs(label: string, p: number): number {
    const latenciesMs = this.byLabel.get(label)?.latenciesMs ?? [];
    return percentile(
      latenciesMs.toSorted((a, b) => a - b),
      p,
    );
  }

  /** Prints count, throughput, p50/p95/p99 and every status per endpoint over `elapsedMs`. */
  print(elapsedMs: number): void {
    console.log(
      'endpoint                      count    req/s   p50 ms   p95 ms   p99 ms  statuses',
    );
    for (const [label, { latenciesMs, statuses }] of [...this.byLabel].sort()) {
      const sorted = latenciesMs.toSorted((a, b) => a - b);
      const cells = [
        label.padEnd(28),
        String(sorted.length).padStart(6),
        ((sorted.length * 1000) / elapsedMs).toFixed(1).padStart(8),
        ...[50, 95, 99].map((p) => percentile(sorted, p).toFixed(1).padStart(8)),
        ` ${[...statuses].map(([status, count]) => `${status}×${count}`).join(' ')}`,
      ];
      console.log(cells.join(' '));
    }
  }
}

/** The p-th percentile (nearest rank) of ascending numbers. */
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
  );
}

/**
 * A client with one cookie jar and its own keep-alive connections (one browser: up to six per
 * host), timing each request into a recorder. The jar keeps every cookie by name, as a browser
 * does: sign-in sets the session and the sign-in hint, and a jar holding only the last one sent
 * every later request without its session (401). Its own connections, because one pool shared
 * by every simulated user (global fetch) queued a burst of first bets behind each other on the
 * client for up to 22 s while the server had answered each in under a second.
 */
export class LoadClient {
  private readonly cookies = new Map<string, string>();
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 6 });

  constructor(
    private readonly origin: string,
    private readonly recorder: LoadRecorder,
  ) {}

  /** Sends one request, reads the whole body, records it under `label`; returns status and body. */
  async send(
    label: string,
    path: string,
    init: { method?: string; json?: unknown } = {},
  ): Promise<{ status: number; body: string }> {
    const started = performance.now();
    try {
      const { status, body, setCookies } = await this.request(path, init);
      for (const setCookie of setCookies) this.keep(setCookie);
      this.recorder.record(label, performance.now() - started, status);
      return { status, body };
    } catch {
      this.recorder.record(label, performance.now() - started, 0);
      return { status: 0, body: '' };
    }
  }

  private request(
    path: string,
    init: { method?: string; json?: unknown },
  ): Promise<{ status: number; body: string; setCookies: string[] }> {
    const payload = init.json === undefined ? undefined : JSON.stringify(init.json);
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        `${this.origin}${path}`,
        {
          agent: this.agent,
          method: init.method ?? 'GET',
          // Bounds the run: a request the server has not answered in 30 s counts as failed (0).
          timeout: REQUEST_TIMEOUT_MS,
          headers: {
            ...(this.cookies.size > 0 ? { cookie: this.cookieHeader() } : {}),
            ...(payload === undefined
              ? {}
              : {
                  'content-type': 'application/json',
                  'content-length': Buffer.byteLength(payload),
                }),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode ?? 0,
              body: Buffer.concat(chunks).toString('utf8'),
              setCookies: response.headers['set-cookie'] ?? [],
            }),
          );
          response.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      req.end(payload);
    });
  }

  private cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Stores a Set-Cookie; one that expires it (Max-Age=0, the server's way of clearing) removes it. */
  private keep(setCookie: string): void {
    const [pair = '', ...attributes] = setCookie.split(';');
    const equals = pair.indexOf('=');
    if (equals <= 0) return;
    const name = pair.slice(0, equals).trim();
    const cleared = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
    if (cleared) this.cookies.delete(name);
    else this.cookies.set(name, pair.slice(equals + 1).trim());
  }

  /** Signs `wallet` in with a real EIP-4361 message: nonce, signature, verify. */
  async signIn(wallet: LocalAccount): Promise<boolean> {
    const nonce = await this.send('GET /auth/nonce', '/auth/nonce');
    if (nonce.status !== 200) return false;
    const message = buildSiweMessage(this.origin, wallet, nonce.body, Date.now());
    const signature = await wallet.signMessage({ message });
    const verified = await this.send('POST /auth/verify', '/auth/verify', {
      method: 'POST',
      json: { message, signature },
    });
    return verified.status === 200;
  }
}
