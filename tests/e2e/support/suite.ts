import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type TestServer } from './server.ts';

/** What a suite's tests use once its beforeAll ran. */
export interface SuiteHarness {
  server: TestServer;
  browser: Browser;
}

/**
 * Starts one real server (with the environment given, e.g. match pacing) and one Chromium for the
 * whole file, and stops both after it. Read the fields inside tests and hooks, not at import time.
 */
export function serverAndBrowserForFile(
  options: Parameters<typeof startServer>[0] = {},
): SuiteHarness {
  const harness = {} as SuiteHarness;
  beforeAll(async () => {
    harness.server = await startServer(options);
    harness.browser = await launchBrowser();
  });
  afterAll(async () => {
    await harness.browser?.close();
    await harness.server?.stop();
  });
  return harness;
}
