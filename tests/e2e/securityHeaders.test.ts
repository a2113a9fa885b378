import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { newIsolatedContext } from './support/browser.ts';
import { signInThroughModal } from './support/signIn.ts';
import { serverAndBrowserForFile } from './support/suite.ts';
import { injectTestWallet } from './support/testWallet.ts';

/** Every directive and every source it allows. A new source must be added here on purpose. */
const EXPECTED_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'object-src': ["'none'"],
  'form-action': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'", 'https://telegram.org/js/telegram-web-app.js'],
  'style-src': ["'self'", "'unsafe-inline'"],
  'connect-src': [
    "'self'",
    'https://*.walletconnect.com',
    'https://*.walletconnect.org',
    'wss://*.walletconnect.com',
    'wss://*.walletconnect.org',
    'https://*.reown.com',
    'wss://*.reown.com',
    'https://*.web3modal.org',
    'https://*.web3modal.com',
    'https://rpc.walletconnect.org',
    'https://ethereum.reth.rs',
    'https://arb1.arbitrum.io',
  ],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'", 'https://fonts.reown.com'],
  'frame-src': [
    'https://verify.walletconnect.com',
    'https://verify.walletconnect.org',
    'https://secure.walletconnect.org',
  ],
  'worker-src': ["'self'"],
  'manifest-src': ["'self'"],
  'frame-ancestors': ['https://web.telegram.org'],
};

function parsePolicy(header: string): Record<string, string[]> {
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name ?? '', sources]),
  );
}

const harness = serverAndBrowserForFile();

describe('security headers on the running server', () => {
  it.each([
    ['the page', '/'],
    ['a deep link', '/games/sessions'],
    ['an API answer', '/api/health'],
    ['an API 404', '/api/nothing-here'],
    ['a refused write', '/api/bets'],
  ])('%s carries the exact policy, nosniff and a strict referrer policy', async (_name, path) => {
    const response = await fetch(`${harness.server.origin}${path}`, {
      method: path === '/api/bets' ? 'POST' : 'GET',
      headers: { accept: 'text/html' },
    });
    expect(parsePolicy(response.headers.get('content-security-policy') ?? '')).toEqual(
      EXPECTED_POLICY,
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });

  it('allows no inline or evaluated script and framing only by Telegram Web', async () => {
    const response = await fetch(harness.server.origin);
    const policy = parsePolicy(response.headers.get('content-security-policy') ?? '');
    for (const directive of ['script-src', 'default-src', 'worker-src']) {
      expect(policy[directive]).not.toContain("'unsafe-inline'");
      expect(policy[directive]).not.toContain("'unsafe-eval'");
    }
    expect(policy['frame-ancestors']).toEqual(['https://web.telegram.org']);
  });

  it.each([
    '/',
    '/games/sessions',
    '/games/sessions/5b0e6c1e-0000-4000-8000-000000000000',
    '/agents',
    '/profile',
  ])(
    'serves %s as HTML without inline script, style, handlers or foreign scripts',
    async (path) => {
      const html = await (await fetch(`${harness.server.origin}${path}`)).text();
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      expect(scripts.length).toBeGreaterThan(0);
      for (const [, attributes = '', body = ''] of scripts) {
        expect(body.trim(), 'inline script').toBe('');
        expect(attributes).toMatch(/\ssrc="\/[^/]/);
      }
      expect(html).not.toMatch(/<style\b/i);
      expect(html).not.toMatch(/\sstyle=/i);
      expect(html).not.toMatch(/\son[a-z]+=/i);
      expect(html).not.toMatch(/javascript:/i);
    },
  );

  it('reports no policy violation in Chromium through a whole sign-in in the wallet modal', async () => {
    const context = await newIsolatedContext(harness.browser, harness.server.origin);
    await injectTestWallet(context, privateKeyToAccount(generatePrivateKey()));
    // Kept across the sign-in's reload, so violations of both page loads are counted.
    await context.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        const seen = JSON.parse(sessionStorage.getItem('cspViolations') ?? '[]') as string[];
        seen.push(
          `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
        );
        sessionStorage.setItem('cspViolations', JSON.stringify(seen));
      });
    });
    const page = await context.newPage();
    await page.goto('/');
    await signInThroughModal(page);
    const violations = await page.evaluate(() => sessionStorage.getItem('cspViolations') ?? '[]');
    // zod 4 would probe for eval with `Function('')` while building object schemas; src/main.tsx
    // switches that off before the app's modules load, so nothing at all is refused.
    expect(JSON.parse(violations)).toEqual([]);
    await context.close();
  });
});
