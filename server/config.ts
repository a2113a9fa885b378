import { isIP } from 'node:net';
import { z } from 'zod';
import { GridmindError } from '#core/errors.ts';
import { GAME_IDS } from '#core/games/gameIds.ts';
import { BOT_MATCHES_MAX_DEFAULT } from '#core/protocol/bots.ts';
import { evmAddressSchema } from '#core/protocol/evmAddress.ts';
import { normalizeEvmAddress } from '#core/validate/address.ts';

const integer = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** A comma-separated list; blank entries and an unset variable are an empty list. */
const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  );

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

const envSchema = z.object({
  PORT: integer(8080, 1, 65_535),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  APP_ORIGIN: optionalText.pipe(
    z
      .url({ protocol: /^https?$/ })
      .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), {
        message: 'must be an origin only (scheme, host, optional port), without a path',
      })
      .transform((value) => new URL(value).origin)
      .optional(),
  ),
  // Spelled as sign-in stores addresses, so the admin check at sign-in is a plain comparison.
  ADMIN_ADDRESSES: commaList
    .pipe(z.array(evmAddressSchema))
    .transform((addresses) => addresses.map(normalizeEvmAddress)),
  VITE_REOWN_PROJECT_ID: optionalText,
  // One RPC per network at most, comma-separated: each is asked which chain it serves.
  RPC_URL: commaList.pipe(
    z.array(z.url({ protocol: /^https?$/, message: 'each entry must be an http(s) URL' })),
  ),
  LIVE_MATCHES: integer(2, 0, 64),
  // Which games the runner keeps going (every registered one unless named).
  LIVE_GAMES: commaList
    .pipe(
      z.array(z.enum(GAME_IDS, { message: `each entry must be one of ${GAME_IDS.join(', ')}` })),
    )
    .transform((games) => (games.length === 0 ? [...GAME_IDS] : games)),
  MOVE_DELAY_MS: integer(1500, 0, 600_000),
  // The built-in schedule: one small, quick tournament of each live game always coming or going.
  TOURNAMENT_SCHEDULE: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((value) => value === 'on'),
  BETTING_WINDOW_MS: integer(30_000, 0, 3_600_000),
  BET_COMMISSION_PCT: integer(5, 0, 100),
  CLIENT_DIR: z.string().trim().min(1).default('dist/client'),
  AUTH_RATE_LIMIT_PER_MINUTE: integer(60, 1, 100_000),
  BET_RATE_LIMIT_PER_MINUTE: integer(30, 1, 100_000),
  WRITE_RATE_LIMIT_PER_MINUTE: integer(20, 1, 100_000),
  // How long a bot has for each move before it loses on time.
  BOT_MOVE_TIMEOUT_MS: integer(10_000, 100, 600_000),
  BOT_MOVE_RATE_LIMIT_PER_MINUTE: integer(600, 1, 100_000),
  // Matches with a bot seated, announced or live, platform-wide: bots beyond it wait their turn.
  BOT_MATCHES_MAX: integer(BOT_MATCHES_MAX_DEFAULT, 0, 1000),
  // How often a bot's event stream gets a heartbeat (and its bot stays marked online).
  BOT_HEARTBEAT_MS: integer(15_000, 100, 120_000),
  // Bot event streams one client address may hold open at once, per server process.
  BOT_STREAMS_PER_ADDRESS: integer(20, 1, 100_000),
  // Watchers' event streams (matches, tournaments) a process holds at once, in all and from one
  // client address: beyond them a stream is refused (503 and 429) before it costs anything.
  SSE_MAX_STREAMS: integer(20_000, 1, 1_000_000),
  SSE_MAX_PER_ADDRESS: integer(64, 1, 1_000_000),
  // The reverse proxies (addresses, CIDR blocks) whose X-Forwarded-For names the client. None by
  // default: a request's own socket address is its client, so no one can claim another address.
  TRUST_PROXY: commaList.pipe(
    z.array(
      z.string().refine(isAddressOrCidr, {
        message: 'each entry must be an IP address or CIDR block (e.g. 127.0.0.1, 10.0.0.0/8)',
      }),
    ),
  ),
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
  return { ...rest, APP_ORIGIN: APP_ORIGIN ?? `http://localhost:${rest.PORT}` };
}
