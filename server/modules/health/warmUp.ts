import type { Database } from '#server/db/database.ts';
import type { SignatureCheckPool } from '#server/plugins/signatureCheckPool.ts';

/** Statements run side by side to open the pool's connections (its size, postgresDatabase.ts). */
const DATABASE_CONNECTIONS = 10;
/** Checks sent at once: enough to reach every thread (the pool fills the emptiest first). */
const SIGNATURE_CHECKS = 32;

/**
 * Makes a process just started as quick as one that has run a minute, before it says it is
 * ready: 500 wallets signing in at once on a fresh process waited p99 1.5–2.5 s, against 0.5 s a
 * minute later, for the signature threads booting (each loads its modules and compiles
 * libsecp256k1, then runs its own warm-up checks: signatureCheck.worker.ts) and the database
 * pool opening its connections one by one under the burst. A thread answers these checks, which
 * are no sign-in and refused at once, only after its boot.
 */
export async function warmUp(
  db: Database,
  signatureChecks: SignatureCheckPool | null,
  decisions: { loaded(): Promise<void> } | null,
): Promise<void> {
  const unsigned = { message: 'warm-up', signature: `0x${'11'.repeat(65)}` as const };
  await Promise.all([
    // A process that plays: its engines' threads load tsx and every game (seconds), and a match
    // taken over from a stopped process would wait on them.
    decisions?.loaded(),
    // Side by side, each holding its connection a moment, so the pool opens them all (PGlite
    // has one, and runs them in turn).
    ...Array.from({ length: DATABASE_CONNECTIONS }, () =>
      db.query(db.kind === 'postgres' ? 'select pg_sleep(0.05)' : 'select 1'),
    ),
    ...(signatureChecks
      ? Array.from({ length: SIGNATURE_CHECKS }, () => signatureChecks.check(unsigned))
      : []),
  ]);
}
