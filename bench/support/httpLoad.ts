import type { LocalAccount } from 'viem';
import { buildSiweMessage } from '../../server/testing/signIn.ts';

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

/** A client with one cookie jar (one browser), timing each request into a recorder. */
export class LoadClient {
  cookie = '';

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
      const response = await fetch(`${this.origin}${path}`, {
        // Bounds the run: a request the server has not answered in 30 s counts as failed (0).
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        method: init.method ?? 'GET',
        headers: {
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
      });
      const body = await response.text();
      for (const setCookie of response.headers.getSetCookie()) {
        this.cookie = setCookie.split(';')[0] ?? '';
      }
      this.recorder.record(label, performance.now() - started, response.status);
      return { status: response.status, body };
    } catch {
      this.recorder.record(label, performance.now() - started, 0);
      return { status: 0, body: '' };
    }
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
