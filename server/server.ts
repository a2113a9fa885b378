import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import {
  checkersEndgamePath,
  startCheckersEndgameBuild,
} from './modules/matches/runner/checkersEndgameFile.ts';

/** Connections the kernel may hold for us before we accept them (see listen below). */
const LISTEN_BACKLOG = 4096;
/** Boots Gridmind: config, database, migrations, the app with the built client, then listen. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  await migrate(db);
  const app = await buildApp({
    config,
    db,
    clientDir: config.CLIENT_DIR,
    startRunner: true,
    warmUp: true,
    ...(config.CHECKERS_ENDGAME_TABLES
      ? { checkersEndgameFile: checkersEndgamePath(config.DATA_DIR) }
      : {}),
    logger: { level: 'warn' },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal} received, closing Gridmind`);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A crowd arriving at once (a shared match link, everyone back after a restart) waits in the
  // kernel's accept queue. Node's default of 511 overflowed with 500 watchers opening streams
  // during a burst of bets: Linux then drops the handshake's last packet, the client believes
  // it is connected, and its request waits out SYN-ACK retries of 1, 2, 4, 8 s… The kernel caps
  // this at net.core.somaxconn (4096 on these machines).
  // nginx knows a process is up only once it accepts connections: with WARM_UP on it is sent
  // nothing before it is warm.
  if (config.WARM_UP) {
    await app.ready();
    await app.whenWarm();
  }
  await app.listen({ port: config.PORT, host: '0.0.0.0', backlog: LISTEN_BACKLOG });
  console.log(`Gridmind is running at http://localhost:${config.PORT}`);
  // Built on first boot, kept in the data folder; one process builds, the others wait for it.
  if (config.CHECKERS_ENDGAME_TABLES && config.ROLE !== 'web') {
    startCheckersEndgameBuild(checkersEndgamePath(config.DATA_DIR), (error) =>
      console.error('The checkers endgame tables could not be built:', error),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
