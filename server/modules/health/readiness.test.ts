import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { SignatureCheckPool } from '#server/plugins/signatureCheckPool.ts';
import { openTestDatabase } from '#server/testing/testDatabase.ts';

// A process just started kept 500 wallets signing in at once waiting p99 1.5–2.5 s (0.5 s a
// minute later): its signature threads booted under the burst. A rolling restart sends traffic
// to a process only once its readiness check says so, which it says only once warm.
describe('readiness', () => {
  let db: Database;
  const signatureChecks = new SignatureCheckPool({ threads: 1 });
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await signatureChecks.close();
    await db.close();
  });

  it('says ready only once the signature threads have booted and checked', async () => {
    const app = await buildApp({
      config: loadConfig({}),
      db,
      signatureChecks,
      warmUp: true,
    });
    try {
      await app.ready();
      // Up at once, not yet ready: the thread is still loading.
      expect((await app.inject('/api/health')).statusCode).toBe(200);
      const first = await app.inject('/api/health/ready');
      expect(first.statusCode).toBe(503);
      expect(first.json()).toEqual({ ready: false });
      expect(signatureChecks.checkedOffThread).toBe(0);
      await expect
        .poll(async () => (await app.inject('/api/health/ready')).statusCode, { timeout: 60_000 })
        .toBe(200);
      // Ready means warm: the thread has answered the warm-up's checks.
      expect(signatureChecks.checkedOffThread).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  }, 90_000);

  it('says when it is warm, for server.ts to listen only then (WARM_UP on)', async () => {
    const threads = new SignatureCheckPool({ threads: 1 });
    const app = await buildApp({
      config: loadConfig({}),
      db,
      signatureChecks: threads,
      warmUp: true,
    });
    try {
      await app.ready();
      await app.whenWarm();
      expect(threads.checkedOffThread).toBeGreaterThan(0);
      expect((await app.inject('/api/health/ready')).json()).toEqual({ ready: true });
    } finally {
      await app.close();
      await threads.close();
    }
  }, 90_000);

  it('is ready at once in an app that does not warm up (tests)', async () => {
    const app = await buildApp({ config: loadConfig({}), db, signatureChecks });
    try {
      expect((await app.inject('/api/health/ready')).json()).toEqual({ ready: true });
    } finally {
      await app.close();
    }
  });
});
