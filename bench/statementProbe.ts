/**
 * Preloaded into the server by the bots and sign-in benchmarks (`--import`): counts every statement
 * the process sends its database (PostgreSQL through `pg`, BEGIN and COMMIT included; PGlite's
 * queries, and two for each transaction's BEGIN and COMMIT) and answers the IPC message
 * `statements` with the count so far (and the count by each statement's first words, and the
 * process's CPU time in ms, every thread's and the main thread's), so the bench can divide it by
 * the moves accepted; and `poolWaits` with the waits for a `pg` pool connection since it last
 * asked.
 */
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** Linux's clock ticks a second (`getconf CLK_TCK`), the unit of /proc's CPU times. */
const TICKS_PER_SECOND = 100;

/**
 * CPU time of the main thread alone (the event loop), in ms, from /proc; NaN where there is no
 * /proc. The process's total also counts the agents' searches on worker threads.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    // Fields after the command name in parentheses: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}

let statements = 0;
/** Statements by their first words, to show where a move's statements go. */
const byShape = new Map<string, number>();

function tally(sql: unknown): void {
  const text = typeof sql === 'string' ? sql : ((sql as { text?: string } | null)?.text ?? '');
  const shape = text.replace(/\s+/g, ' ').trim().slice(0, 90);
  byShape.set(shape, (byShape.get(shape) ?? 0) + 1);
}

type Method = (this: unknown, ...args: unknown[]) => unknown;

function countCalls(target: object, name: string): void {
  const methods = target as Record<string, Method>;
  const original = methods[name];
  if (!original) throw new Error(`no ${name} to count`);
  methods[name] = function (this: unknown, ...args: unknown[]) {
    statements++;
    tally(args[0]);
    return original.apply(this, args);
  };
}

countCalls(pg.Client.prototype, 'query');
countCalls(PGlite.prototype, 'query');
countCalls(PGlite.prototype, 'exec');
const transactions = PGlite.prototype as unknown as Record<string, Method>;
const transaction = transactions.transaction;
if (!transaction) throw new Error('no transaction to count');
transactions.transaction = function (this: unknown, ...args: unknown[]) {
  const work = args[0] as (tx: object) => unknown;
  statements += 2;
  tally('BEGIN');
  tally('COMMIT');
  return transaction.call(this, (tx: object) => {
    countCalls(tx, 'query');
    countCalls(tx, 'exec');
    return work(tx);
  });
};

/**
 * How long each checkout of a `pg` pool connection waited (pool.query checks one out too), in ms,
 * since the bench last asked: a full pool queues the batch, the runner and the streams alike.
 */
let poolWaitsMs: number[] = [];
type Checkout = (error: unknown, client: unknown, release: unknown) => void;
const pools = pg.Pool.prototype as unknown as Record<string, Method>;
const checkout = pools.connect;
if (!checkout) throw new Error('no pool connect to time');
pools.connect = function (this: unknown, ...args: unknown[]) {
  const started = performance.now();
  const done = () => poolWaitsMs.push(performance.now() - started);
  const callback = args[0];
  if (typeof callback === 'function') {
    return checkout.call(this, (error: unknown, client: unknown, release: unknown) => {
      done();
      (callback as Checkout)(error, client, release);
    });
  }
  return (checkout.apply(this, args) as Promise<unknown>).then((client) => {
    done();
    return client;
  });
};

process.on('message', (message) => {
  if (message === 'poolWaits') {
    process.send?.({ poolWaitsMs });
    poolWaitsMs = [];
  }
  if (message === 'statements')
    process.send?.({
      statements,
      byShape: Object.fromEntries(byShape),
      cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
      mainThreadCpuMs: mainThreadCpuMs(),
    });
});
process.channel?.unref();
