import { describe, expect, it } from 'vitest';
import {
  createPairing,
  isPairingExpired,
  isRetryAllowed,
  PAIRING_LIFETIME_MS,
  shouldReusePairing,
} from './pairing.ts';
import { DESKTOP_PLATFORM, type WalletPlatform } from './platform.ts';

const T0 = 1_700_000_000_000;
const safariIos: WalletPlatform = { telegram: false, android: false, safariIos: true };
const telegram: WalletPlatform = { telegram: true, android: true, safariIos: false };

describe('pairing lifetime', () => {
  it('expires 4 minutes after creation', () => {
    expect(createPairing('wc:a@2', T0).expiresAt).toBe(T0 + 240_000);
    expect(PAIRING_LIFETIME_MS).toBe(240_000);
  });

  it('counts as expired with 10 s or fewer left, and without an expiry', () => {
    const { expiresAt } = createPairing('wc:a@2', T0);
    expect(isPairingExpired(expiresAt, T0)).toBe(false);
    expect(isPairingExpired(expiresAt, expiresAt - 10_001)).toBe(false);
    expect(isPairingExpired(expiresAt, expiresAt - 10_000)).toBe(true);
    expect(isPairingExpired(expiresAt, expiresAt + 1)).toBe(true);
    expect(isPairingExpired(undefined, T0)).toBe(true);
  });

  it('allows a retry only once 1 s has passed', () => {
    expect(isRetryAllowed(T0, T0 + 999)).toBe(false);
    expect(isRetryAllowed(T0, T0 + 1_000)).toBe(true);
    expect(isRetryAllowed(T0, T0 + 400, 300)).toBe(true);
  });
});

describe('shouldReusePairing', () => {
  const pairing = createPairing('wc:a@2', T0);

  it('reuses a live pairing on Safari iOS and in Telegram', () => {
    expect(shouldReusePairing(pairing, safariIos, T0 + 60_000)).toBe(true);
    expect(shouldReusePairing(pairing, telegram, T0 + 229_999)).toBe(true);
  });

  it('asks for a new pairing once the old one has 10 s or fewer left', () => {
    expect(shouldReusePairing(pairing, safariIos, T0 + 230_000)).toBe(false);
  });

  it('never reuses on other platforms or without a pairing', () => {
    expect(shouldReusePairing(pairing, DESKTOP_PLATFORM, T0 + 1)).toBe(false);
    expect(shouldReusePairing(undefined, safariIos, T0)).toBe(false);
  });
});
