import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { SignatureCheckPool } from '#server/plugins/signatureCheckPool.ts';
import {
  buildSiweMessage,
  createTestWallet,
  fetchNonce,
  postVerify,
  signIn,
} from '#server/testing/signIn.ts';
import { openTestDatabase, testDatabaseKinds } from '#server/testing/testDatabase.ts';

const ORIGIN = 'http://localhost:8080';

describe.each(testDatabaseKinds())('sign-in signatures off the event loop on %s', (kind) => {
  let db: Database;
  let app: FastifyInstance;
  // One thread, and room for one sign-in at a time, so a test can fill the pool by hand.
  const pool = new SignatureCheckPool({ threads: 1, maxWaiting: 1 });
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    app = await buildApp({
      config: loadConfig({ AUTH_RATE_LIMIT_PER_MINUTE: '100000' }),
      db,
      signatureChecks: pool,
    });
  });
  afterAll(async () => {
    await app.close();
    await pool.close();
    await db.close();
  });

  it('checks every signature on a worker thread, the good and the bad', async () => {
    const before = pool.checkedOffThread;
    await signIn(app);
    const { nonce, cookie } = await fetchNonce(app);
    const message = buildSiweMessage(ORIGIN, createTestWallet(), nonce, Date.now());
    const signedByAnother = await createTestWallet().signMessage({ message });
    const refused = await postVerify(app, cookie, { message, signature: signedByAnother });
    expect(refused.statusCode).toBe(401);
    // Counted only when a worker thread answers: a check run inline leaves the count as it was.
    expect(pool.checkedOffThread - before).toBe(2);
  });

  it('answers 503 when every place is taken, and leaves the nonce good for a retry', async () => {
    const wallet = createTestWallet();
    const { nonce, cookie } = await fetchNonce(app);
    const message = buildSiweMessage(ORIGIN, wallet, nonce, Date.now());
    const body = { message, signature: await wallet.signMessage({ message }) };
    const held = pool.admit();
    expect(held).not.toBeNull();
    const busy = await postVerify(app, cookie, body);
    held?.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    const retried = await postVerify(app, cookie, body);
    expect(retried.statusCode).toBe(200);
  });
});
