import type { WalletPlatform } from './platform.ts';

/** A WalletConnect pairing URI lives 4 minutes from creation (SPEC section 9). */
export const PAIRING_LIFETIME_MS = 240_000;
/** A pairing with this much time or less left counts as expired, so a wallet never gets a dying URI. */
const PAIRING_EXPIRED_THRESHOLD_MS = 10_000;
/** The shortest wait between two pairing attempts. */
const PAIRING_RETRY_INTERVAL_MS = 1_000;

/** A pairing URI and when it stops being usable (epoch ms). */
export interface Pairing {
  readonly uri: string;
  readonly expiresAt: number;
}

/** A new pairing made at `now`. */
export function createPairing(uri: string, now: number): Pairing {
  return { uri, expiresAt: now + PAIRING_LIFETIME_MS };
}

/** Expired when there is no expiry at all, or 10 s or fewer remain. */
export function isPairingExpired(expiresAt: number | undefined, now: number): boolean {
  return expiresAt === undefined ? true : expiresAt - now <= PAIRING_EXPIRED_THRESHOLD_MS;
}

/** A retry is allowed once at least `intervalMs` (1 s) has passed since the last attempt. */
export function isRetryAllowed(
  lastAttemptAt: number,
  now: number,
  intervalMs = PAIRING_RETRY_INTERVAL_MS,
): boolean {
  return now - lastAttemptAt >= intervalMs;
}

/**
 * Where pairings are reused at all: Telegram and Safari iOS, where leaving for the wallet app and
 * coming back must not invalidate the link the user already tapped.
 */
function reusesPairings(platform: WalletPlatform): boolean {
  return platform.telegram || platform.safariIos;
}

/**
 * Whether an existing pairing should be handed out again instead of asking for a new one: only
 * where {@link reusesPairings}, and only while it has not expired.
 */
export function shouldReusePairing(
  pairing: Pairing | undefined,
  platform: WalletPlatform,
  now: number,
): pairing is Pairing {
  if (!reusesPairings(platform) || pairing === undefined) return false;
  return !isPairingExpired(pairing.expiresAt, now);
}
