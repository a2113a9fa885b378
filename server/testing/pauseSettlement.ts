/**
 * Loaded into a server child process by the settlement kill test (startServerProcess's
 * `imports`): the transaction that settles a tournament (the one that marks it finished) does
 * all its work, then, instead of committing, prints SETTLEMENT_PAUSED and waits for ever, for
 * the test to kill the process exactly there. It sits at the drivers' boundary (pg, PGlite), so
 * the server's own code runs unchanged.
 */
import { PGlite, type Transaction } from '@electric-sql/pglite';
import pg from 'pg';
import { SETTLEMENT_PAUSED } from './settlementPause.ts';

/** The statement that ends a tournament in its settlement (settleTournament.ts). */
const SETTLES = /update tournaments set status = 'finished'/;

function pauseForEver(): Promise<never> {
  process.stdout.write(`${SETTLEMENT_PAUSED}\n`);
  return new Promise<never>(() => {});
}

// PostgreSQL: a connection whose transaction ran the settling statement never sends its commit.
type AnyQuery = (this: pg.Client, ...args: unknown[]) => unknown;
const clientPrototype = pg.Client.prototype as unknown as { query: AnyQuery };
const clientQuery = clientPrototype.query;
const settling = new WeakSet<pg.Client>();
clientPrototype.query = function (this: pg.Client, ...args: unknown[]) {
  const first = args[0];
  const text = typeof first === 'string' ? first : (first as { text?: unknown } | null)?.text;
  if (typeof text === 'string') {
    if (text === 'commit' && settling.has(this)) return pauseForEver();
    if (text === 'begin') settling.delete(this);
    if (SETTLES.test(text)) settling.add(this);
  }
  return clientQuery.apply(this, args);
};

// PGlite: a transaction whose work ran the settling statement never returns to be committed.
const transaction = PGlite.prototype.transaction;
PGlite.prototype.transaction = function <T>(
  this: PGlite,
  work: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return transaction.call(this, async (tx: Transaction) => {
    let settles = false;
    const query = tx.query;
    tx.query = ((sql: string, ...rest: unknown[]) => {
      if (SETTLES.test(sql)) settles = true;
      return (query as (...args: unknown[]) => unknown).call(tx, sql, ...rest);
    }) as Transaction['query'];
    const result = await work(tx);
    if (settles) await pauseForEver();
    return result;
  }) as Promise<T>;
};
