import { isIP } from 'node:net';
import { z } from 'zod';
import { GridmindError } from '#core/errors.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { BOT_MATCHES_MAX_DEFAULT } from '#core/protocol/bots.ts';
import { evmAddressSchema } from '#core/protocol/evmAddress.ts';
import { normalizeEvmAddress } from '#core/validate/address.ts';
import { commaList, integer, optionalText } from './config/envFields.ts';
import { reachEnv, telegramProblems } from './config/reachEnv.ts';

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` list also takes. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4 or IPv6 address, alone or as a CIDR block (`10.0.0.0/8`, `fd00::/8`). */
function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** What a process does (ROLE): everything, only what people and bots reach, or only the matches. */
const PROCESS_ROLES = ['all', 'web', 'runner'] as const;

/** The environment the server reads; `npm run docs:config` writes docs/CONFIGURATION.md from it. */
export const envSchema = z.object({
  PORT: integer(8080, 1, 65_535).describe('HTTP port'),
  DATA_DIR: z
    .string()
    .trim()
    .min(1)
    .default('./data')
    .describe('folder of the embedded database (PGlite)'),
  DATABASE_URL: optionalText
    .pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
        .optional(),
    )
    .describe('a PostgreSQL server to use instead of the embedded database'),
  APP_ORIGIN: optionalText
    .pipe(
      z
        .url({ protocol: /^https?$/ })
        .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
          message: 'must be an origin only (scheme, host, optional port), without a path',
        })
        .transform((value) => new URL(value).origin)
        .optional(),
    )
    .describe(
      'the public origin sign-in messages must name, exactly as people open it (scheme, host, port); unset, `http://localhost:$PORT`',
    ),
  // Spelled as sign-in stores addresses, so the admin check at sign-in is a plain comparison.
  ADMIN_ADDRESSES: commaList
    .pipe(z.array(evmAddressSchema))
    .transform((addresses) => addresses.map(normalizeEvmAddress))
    .describe(
      'comma list of wallet addresses (0x optional, any case) that are admins; anything else stops the server at start-up',
    ),
  VITE_REOWN_PROJECT_ID: optionalText.describe(
    "Reown project id, read at build time; without one, installed browser wallets (EIP-6963) still work, but WalletConnect's QR/deep-link wallets do not",
  ),
  // One RPC per network at most, comma-separated: each is asked which chain it serves.
  RPC_URL: commaList
    .pipe(z.array(z.url({ protocol: /^https?$/, message: 'each entry must be an http(s) URL' })))
    .describe(
      'RPCs for checking smart-contract wallet signatures, comma-separated, one per network (Ethereum, Arbitrum One); without one for a network only ordinary accounts sign in there',
    ),
  // Web and engines apart: `web` processes serve people and bots and play nothing, `runner` ones
  // play the matches and serve only their health check; PostgreSQL carries everything between.
  ROLE: z
    .enum(PROCESS_ROLES, { message: `must be one of ${PROCESS_ROLES.join(', ')}` })
    .default('all')
    .describe(
      '`all` serves everything and plays matches; `web` serves pages, API, streams, sign-in, bets and bots but plays no match and runs no engine; `runner` plays the matches (engines, turns of bots, tournaments, verdicts) and answers only `/api/health`. `web` and `runner` need `DATABASE_URL`',
    ),
  LIVE_MATCHES: integer(2, 0, 64).describe(
    'matches of each game kept going at all times (announced or live), plus one per online bot (up to `BOT_MATCHES_MAX`); `0` runs no matches at all',
  ),
  LIVE_GAMES: commaList
    .pipe(
      z.array(z.enum(GAME_IDS, { message: `each entry must be one of ${GAME_IDS.join(', ')}` })),
    )
    .transform((games) => (games.length === 0 ? [...GAME_IDS] : games))
    .describe(
      `the games the runner plays, comma-separated (${GAME_IDS.join(', ')}); empty plays every game`,
    ),
  MOVE_DELAY_MS: integer(1500, 0, 600_000).describe('pause between moves, so people can follow'),
  // The built-in schedule: one small, quick tournament of each live game always coming or going.
  TOURNAMENT_SCHEDULE: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on')
    .describe(
      "`on` keeps a small, quick Swiss of four built-in agents scheduled for each game in `LIVE_GAMES` (open to users' agents); played only while `LIVE_MATCHES` is not `0`",
    ),
  // Checkers' endgame tables (core/games/checkers/endgame): built once into DATA_DIR.
  CHECKERS_ENDGAME_TABLES: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on')
    .describe(
      "`on`: a process that plays builds checkers' endgame tables (every position of up to four pieces, about 15 MB) into `DATA_DIR` on its first start, on one idle-priority thread, and its agents and verdicts play and judge those endings exactly; `off` for short-lived servers (the tests')",
    ),
  // Open-source nginx learns that a process is up only by sending it requests: one that listens
  // before it is warm gets a share of the traffic cold (issue 46, a rolling restart).
  WARM_UP: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on')
    .describe(
      "`on`: a process opens its port only once warm (its signature threads booted, its database connections open, its engines loaded), so nginx sends it nothing cold and a rolling restart's next step waits for it; `off`: it listens at once and `/api/health/ready` answers 503 until warm (short-lived servers, the tests')",
    ),
  // What a move's pause cannot afford is judged after it (core/games/lateVerdict.ts), at any pace.
  LATE_VERDICTS: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on')
    .describe(
      "`on`: a process that plays judges again, on threads of their own, the moves whose exact verdict needed more than the pause afforded (Connect Four from ply 8, Othello from 20 empties) and the top agents' moves deeper than they searched; `off` for short-lived servers (the tests') whose matches need no verdict after the move",
    ),
  BETTING_WINDOW_MS: integer(30_000, 0, 3_600_000).describe(
    'how long a match is announced (and takes bets) before its first move',
  ),
  BET_COMMISSION_PCT: integer(5, 0, 100).describe(
    'share of a settled pool paid to the owners of the two agents (the house for built-in ones)',
  ),
  CLIENT_DIR: z
    .string()
    .trim()
    .min(1)
    .default('dist/client')
    .describe('the built client the server serves'),
  AUTH_RATE_LIMIT_PER_MINUTE: integer(60, 1, 100_000).describe(
    'requests per minute per client address to `/auth/*`, every process together',
  ),
  BET_RATE_LIMIT_PER_MINUTE: integer(30, 1, 100_000).describe(
    'bets per minute per user (per address for visitors), every process together; more get `429` with `Retry-After`',
  ),
  WRITE_RATE_LIMIT_PER_MINUTE: integer(20, 1, 100_000).describe(
    'agent creations, edits, retirements and nickname changes per minute per user, one budget for every process',
  ),
  BOT_MOVE_TIMEOUT_MS: integer(10_000, 100, 600_000).describe(
    'how long a bot has for each move before it loses on time',
  ),
  BOT_MOVE_RATE_LIMIT_PER_MINUTE: integer(600, 1, 100_000).describe(
    'moves per minute per bot, every process together; more get `429` with `Retry-After`',
  ),
  BOT_MATCHES_MAX: integer(BOT_MATCHES_MAX_DEFAULT, 0, 1000).describe(
    'matches with a bot seated (announced or live) at once, across every server process; idle bots beyond it wait for one to end; `0` seats no bot',
  ),
  BOT_HEARTBEAT_MS: integer(15_000, 100, 120_000).describe(
    "heartbeat period of a bot's event stream; a bot counts as online for three of them after each",
  ),
  BOT_STREAMS_PER_ADDRESS: integer(20, 1, 100_000).describe(
    'bot event streams one client address may hold open at once, every process together; more get `429` (a bot holds at most 2 on the platform)',
  ),
  // Watchers' event streams (matches, tournaments) a process holds at once, in all and from one
  // client address: beyond them a stream is refused (503 and 429) before it costs anything.
  SSE_MAX_STREAMS: integer(20_000, 1, 1_000_000).describe(
    "watchers' event streams (matches, tournaments) one process holds at once, its own memory and descriptors; more get `503` with `Retry-After: 5`",
  ),
  SSE_MAX_PER_ADDRESS: integer(64, 1, 1_000_000).describe(
    "watchers' event streams one client address may hold at once in one process, every kind together; more get `429` with `Retry-After: 30`; behind nginx the platform's cap is its `limit_conn` (DEPLOY.md)",
  ),
  // The reverse proxies (addresses, CIDR blocks) whose X-Forwarded-For names the client. None by
  // default: a request's own socket address is its client, so no one can claim another address.
  TRUST_PROXY: commaList
    .pipe(
      z.array(
        z.string().refine(isAddressOrCidr, {
          message: 'each entry must be an IP address or CIDR block (e.g. 127.0.0.1, 10.0.0.0/8)',
        }),
      ),
    )
    .describe(
      'reverse proxies (IP addresses or CIDR blocks, comma-separated) whose `X-Forwarded-For` names the client for rate limits and stream caps; from anyone else it is ignored; empty trusts none',
    ),
  ...reachEnv,
});

/** Everything the server reads from its environment, parsed and defaulted once at start-up. */
export type AppConfig = Omit<z.infer<typeof envSchema>, 'APP_ORIGIN'> & {
  /** The public origin sign-in messages must name, e.g. `http://localhost:8080`. */
  APP_ORIGIN: string;
};

/** Thrown at start-up when the environment is wrong; its message lists every bad variable. */
export class ConfigError extends GridmindError {
  override readonly name = 'ConfigError';
  /** One line per bad variable: `NAME: what is wrong`. */
  readonly problems: string[];

  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    this.problems = problems;
  }
}

/** Parses the environment (e.g. `process.env`); throws one ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.map(String).join('.') || '(environment)'}: ${issue.message}`,
    );
    throw new ConfigError(problems);
  }
  const { APP_ORIGIN, ...rest } = parsed.data;
  // The embedded database is one process's: a web process or a runner alone on it would wait
  // for a partner that can never reach it.
  if (rest.ROLE !== 'all' && rest.DATABASE_URL === undefined) {
    throw new ConfigError([
      `ROLE: ${rest.ROLE} needs DATABASE_URL (a PostgreSQL the other processes share)`,
    ]);
  }
  const telegram = telegramProblems(rest);
  if (telegram.length > 0) throw new ConfigError(telegram);
  return { ...rest, APP_ORIGIN: APP_ORIGIN ?? `http://localhost:${rest.PORT}` };
}
