/**
 * `npm run bot -- --server <url> --token <token> [--engine <agent id>|random] [--matches <n>]`:
 * the reference bot. It plays every match Gridmind gives it with one of Gridmind's own engines
 * (a built-in agent's id, e.g. `sage`) or random legal moves, reconnects after drops, and logs
 * what it does. docs/BOTS.md explains the protocol it speaks.
 */
import { parseArgs } from 'node:util';
import { BotClient } from './bot/botClient.ts';

const usage =
  'usage: npm run bot -- --server <url> --token <token> [--engine <agent id>|random] [--matches <n>]';

let values: ReturnType<typeof parse>['values'];
function parse() {
  return parseArgs({
    options: {
      server: { type: 'string' },
      token: { type: 'string', default: process.env.GRIDMIND_BOT_TOKEN },
      engine: { type: 'string', default: 'random' },
      matches: { type: 'string' },
    },
  });
}
try {
  values = parse().values;
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${usage}\n`);
  process.exit(2);
}
const matches = values.matches === undefined ? undefined : Number(values.matches);
if (!values.server || !values.token || (matches !== undefined && !(matches > 0))) {
  process.stderr.write(`${usage}\n`);
  process.exit(2);
}

const engine = values.engine;
const client = new BotClient({
  server: values.server,
  token: values.token,
  engine: !engine || engine === 'random' ? { kind: 'random' } : { kind: 'agent', agentId: engine },
  log: (line) => process.stdout.write(`${new Date().toISOString()} ${line}\n`),
  ...(matches === undefined ? {} : { matches }),
});
process.on('SIGINT', () => client.stop());
process.on('SIGTERM', () => client.stop());
client.run().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(1);
  },
);
