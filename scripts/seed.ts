/**
 * `npm run seed -- [--users N] [--bets N] [--matches N] [--bots N]`: migrates the configured
 * database (DATABASE_URL, else PGlite at DATA_DIR) and grows it by that many rows
 * (server/db/seed/growDatabase.ts), printing progress and the time taken. Defaults: 100,000
 * users, 1,000,000 bets with their ledger rows, 50,000 finished matches with their moves, 500 bots.
 */
import { parseArgs } from 'node:util';
import { openDatabase } from '#server/db/database.ts';
import { migrate } from '#server/db/migrate.ts';
import { growDatabase } from '#server/db/seed/growDatabase.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '100000' },
    bets: { type: 'string', default: '1000000' },
    matches: { type: 'string', default: '50000' },
    bots: { type: 'string', default: '500' },
  },
});
const count = (name: keyof typeof values): number => {
  const value = Number(values[name]);
  if (!Number.isInteger(value) || value < 0) {
    process.stderr.write(`--${name} must be a whole number, not ${values[name]}\n`);
    process.exit(2);
  }
  return value;
};
const size = {
  users: count('users'),
  bets: count('bets'),
  matches: count('matches'),
  bots: count('bots'),
};

const startedMs = Date.now();
const seconds = () => ((Date.now() - startedMs) / 1000).toFixed(1);
const db = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
try {
  await migrate(db);
  process.stdout.write(`Growing the ${db.kind} database by ${JSON.stringify(size)}\n`);
  await growDatabase(db, size, (stage, done, total) => {
    process.stdout.write(`${seconds()} s  ${stage} ${done}/${total}\n`);
  });
  process.stdout.write(`Done in ${seconds()} s\n`);
} finally {
  await db.close();
}
