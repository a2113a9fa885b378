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
  ],
};

/** Headless Debian Chromium with everything that phones home switched off. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
}

/**
 * A fresh context that can reach only the test server: every other request (Reown's cloud,
 * public RPCs, fonts) is aborted, so nothing under test depends on them and nothing hangs.
 */
export async function newIsolatedContext(
  browser: Browser,
  origin: string,
  viewport: { width: number; height: number } = { width: 1280, height: 800 },
  options: Omit<BrowserContextOptions, 'viewport' | 'baseURL'> = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ ...options, viewport, baseURL: origin });
  await context.route(
    (url) => url.origin !== origin,
    (route) => route.abort('internetdisconnected'),
  );
  return context;
}
