import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
} from 'playwright-core';

/** How every test Chromium starts: headless Debian Chromium with everything that phones home off. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Every host but the test server's resolves to nothing (Reown's cloud, public RPCs, fonts).
    '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
  ],
};

/** Headless Debian Chromium with everything that phones home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

/**
 * A fresh context that can reach only the test server: Chromium resolves no other host
 * (CHROMIUM_LAUNCH_OPTIONS), so nothing under test depends on Reown's cloud, public RPCs or fonts,
 * and nothing hangs. Not a route that aborts them: any route makes Playwright pause every request
 * of the context for a round trip to the test and turns the HTTP cache off (a quarter of the CPU
 * of the pages' files).
 */
export async function newIsolatedContext(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  options: Omit<BrowserContextOptions, 'viewport' | 'baseURL'> = {},
): Promise<BrowserContext> {
  return browser.newContext({ ...options, viewport, baseURL: origin });
}
