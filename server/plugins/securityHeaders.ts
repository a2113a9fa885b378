import type { FastifyInstance } from 'fastify';

/**
 * What the Reown AppKit modal loads: its API and relay (REST and WebSocket), the public RPCs it
 * falls back to, wallet icons and avatars, fonts, and the verify/secure iframes.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "form-action 'self'",
  // Inside Telegram only, src/lib/telegram.ts loads Telegram's Mini App script: that one file.
  // 'wasm-unsafe-eval' lets the analysis worker compile the solver's WebAssembly (bytes from our
  // own bundle); it allows no eval of JavaScript.
  "script-src 'self' 'wasm-unsafe-eval' https://telegram.org/js/telegram-web-app.js",
  // AppKit's lit web components and sonner inject <style> elements at run time; without
  // 'unsafe-inline' the modal renders unstyled. Styles cannot run code, scripts stay strict.
  "style-src 'self' 'unsafe-inline'",
  [
    "connect-src 'self'",
    'https://*.walletconnect.com https://*.walletconnect.org',
    'wss://*.walletconnect.com wss://*.walletconnect.org',
    'https://*.reown.com wss://*.reown.com',
    'https://*.web3modal.org https://*.web3modal.com',
    // Reown's RPC and blockchain API first (the wallet panel's token balances and identities
    // are fetched from rpc.walletconnect.org/v1/…), then each network's public fallback in the
    // installed viem's chain definitions (mainnet: ethereum.reth.rs; Arbitrum One: arb1.arbitrum.io).
    'https://rpc.walletconnect.org https://ethereum.reth.rs https://arb1.arbitrum.io',
  ].join(' '),
  // Avatars (ENS records, wallet directory identities) are user-chosen images on any host. An
  // image cannot run code, so any https: source is allowed here while connect-src stays a list:
  // viem's getEnsAvatar then checks a plain URL through an Image when its HEAD fetch is blocked,
  // and an NFT avatar whose metadata lives off-chain resolves to no avatar (we do not fetch it).
  "img-src 'self' data: blob: https:",
  "font-src 'self' https://fonts.reown.com",
  'frame-src https://verify.walletconnect.com https://verify.walletconnect.org https://secure.walletconnect.org',
  "worker-src 'self'",
  "manifest-src 'self'",
  // Only Telegram's web client (web.telegram.org/k and /a) frames the Mini App; its phone and
  // desktop apps open it in a web view, not a frame. This replaces X-Frame-Options, which cannot
  // allow-list an origin.
  'frame-ancestors https://web.telegram.org',
].join('; ');

/** The headers every response carries, pages and API alike. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Adds SECURITY_HEADERS to every response, errors and 404s included. */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.headers(SECURITY_HEADERS);
    return payload;
  });
}
